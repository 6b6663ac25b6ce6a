/**
 * A static page's screen: its localized title and lede, then the body from content/pages; a page
 * with a form (contact, partner) adds it after the body, and what became of a sent form at the top.
 */
import type { ReactNode } from 'react'
import { useSuspenseQuery, type QueryKey } from '@tanstack/react-query'
import { staticPageQuery } from '../page-data/queries'
import { staticPages, type PageKey } from '../content/static-pages'
import type { StaticPage } from '../content/types'
import { useBody } from '../page-data/use-body'
import { getLocale } from '../i18n/locale'
import { OutdatedNotice } from './OutdatedNotice'
import { Prose } from './Prose'

type Extras = { notice?: ReactNode; children?: ReactNode }

export function StaticPageView({ page, notice, children }: { page: PageKey } & Extras) {
  const query = staticPageQuery(getLocale(), page)
  const { data: view } = useSuspenseQuery(query)
  if (view.kind !== 'found') return null
  return (
    <StaticPageBody page={page} data={view.data} queryKey={query.queryKey} notice={notice}>
      {children}
    </StaticPageBody>
  )
}

function StaticPageBody({ page, data, queryKey, notice, children }: { page: PageKey; data: StaticPage; queryKey: QueryKey } & Extras) {
  const { title, description } = staticPages[page]
  const html = useBody(queryKey, data)
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header className="border-b border-line pb-8">
        <h1 className="page-title">{title()}</h1>
        <p className="mt-4 text-lg text-ink-2 text-pretty">{description()}</p>
      </header>
      {notice}
      <OutdatedNotice outdated={data.outdated} />
      <Prose html={html} className="mt-8" />
      {children}
    </article>
  )
}
