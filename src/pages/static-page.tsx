/** The four static pages share one shape: a localized title and lede, and the body from content/pages. */
import { useSuspenseQuery } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { staticPageQuery } from '../content/queries'
import type { PageKey } from '../content/page-keys'
import { cacheControl, FRESHNESS } from '../config/constants'
import { siteUrlOf } from '../config/site.functions'
import { alternatesForRoute, routePath } from '../i18n/paths'
import { ogImagePath, type OgType } from '../og/path'
import type { StaticPageRoute } from '../i18n/segments'
import { m } from '../paraglide/messages'
import { getLocale } from '../i18n/locale'
import { buildHead } from '../seo/head'
import { Prose } from '../components/Prose'

const texts: Record<PageKey, { title: () => string; description: () => string; image: OgType }> = {
  about: { title: () => m.about_title(), description: () => m.about_description(), image: 'About' },
  'contact-us': { title: () => m.contact_title(), description: () => m.contact_description(), image: 'Contact' },
  'partner-with-us': { title: () => m.partner_title(), description: () => m.partner_description(), image: 'Generic' },
  privacy: { title: () => m.privacy_title(), description: () => m.privacy_description(), image: 'Generic' },
}

export function staticPage(page: PageKey, route: StaticPageRoute) {
  return {
    loader: async ({ context }: { context: { queryClient: QueryClient } }) => {
      await context.queryClient.ensureQueryData(staticPageQuery(getLocale(), page))
      return { alternates: alternatesForRoute(route) }
    },
    headers: () => ({ 'Cache-Control': cacheControl(FRESHNESS.country) }),
    head: ({ matches }: { matches: ReadonlyArray<{ loaderData?: unknown }> }) => {
      const locale = getLocale()
      const { title, description, image } = texts[page]
      return buildHead({
        title: title(),
        description: description(),
        locale,
        path: routePath(route, locale),
        siteUrl: siteUrlOf(matches),
        alternates: alternatesForRoute(route),
        image: { path: ogImagePath({ title: title(), type: image, locale, description: description() }), alt: title() },
      })
    },
    component: function StaticPage() {
      const { data } = useSuspenseQuery(staticPageQuery(getLocale(), page))
      return (
        <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
          <header className="border-b border-line pb-8">
            <h1 className="font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
              {texts[page].title()}
            </h1>
            <p className="mt-4 text-lg text-ink-2 text-pretty">{texts[page].description()}</p>
          </header>
          <Prose html={data.html} className="mt-8" />
        </article>
      )
    },
  }
}
