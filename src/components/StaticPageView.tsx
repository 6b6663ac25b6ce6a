/** A static page's screen: its localized title and lede, then the body from content/pages. */
import { useSuspenseQuery } from '@tanstack/react-query'
import { staticPageQuery } from '../content/queries'
import { staticPages, type PageKey } from '../content/static-pages'
import { getLocale } from '../i18n/locale'
import { OutdatedNotice } from './OutdatedNotice'
import { Prose } from './Prose'

export function StaticPageView({ page }: { page: PageKey }) {
  const { data: view } = useSuspenseQuery(staticPageQuery(getLocale(), page))
  const { title, description } = staticPages[page]
  if (view.kind !== 'found') return null
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header className="border-b border-line pb-8">
        <h1 className="font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">{title()}</h1>
        <p className="mt-4 text-lg text-ink-2 text-pretty">{description()}</p>
      </header>
      <OutdatedNotice outdated={view.data.outdated} />
      <Prose html={view.data.html} className="mt-8" />
    </article>
  )
}
