/** A static page's screen: its localized title and lede, then the body from content/pages. */
import { useSuspenseQuery } from '@tanstack/react-query'
import { staticPageQuery } from '../content/queries'
import type { PageKey } from '../content/page-keys'
import { getLocale } from '../i18n/locale'
import { OutdatedNotice } from '../components/OutdatedNotice'
import { Prose } from '../components/Prose'
import { staticPageTexts } from './static-page-texts'

export function StaticPageView({ page }: { page: PageKey }) {
  const { data } = useSuspenseQuery(staticPageQuery(getLocale(), page))
  const texts = staticPageTexts[page]
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header className="border-b border-line pb-8">
        <h1 className="font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">{texts.title()}</h1>
        <p className="mt-4 text-lg text-ink-2 text-pretty">{texts.description()}</p>
      </header>
      <OutdatedNotice outdated={data.outdated} />
      <Prose html={data.html} className="mt-8" />
    </article>
  )
}
