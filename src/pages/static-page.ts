/**
 * The four static pages share one shape: a localized title and lede, and the body from
 * content/pages. This module is what a static page's route needs at start (loader, headers, head);
 * the component lives in StaticPageView.tsx, so the router's code splitting keeps it, and the
 * body's renderer, out of every other page's JavaScript.
 */
import type { QueryClient } from '@tanstack/react-query'
import { staticPageQuery } from '../content/queries'
import type { PageKey } from '../content/page-keys'
import { cacheControl, FRESHNESS } from '../config/constants'
import { siteUrlOf } from '../config/site'
import { alternatesForRoute, routePath } from '../i18n/paths'
import { ogImagePath } from '../og/path'
import type { StaticPageRoute } from '../i18n/segments'
import { staticPageTexts } from './static-page-texts'
import { getLocale } from '../i18n/locale'
import { buildHead } from '../seo/head'

/** A static page route's options, without its component (the route file names that). */
export function staticPage(page: PageKey, route: StaticPageRoute) {
  return {
    loader: async ({ context }: { context: { queryClient: QueryClient } }) => {
      await context.queryClient.ensureQueryData(staticPageQuery(getLocale(), page))
      return { alternates: alternatesForRoute(route) }
    },
    headers: () => ({ 'Cache-Control': cacheControl(FRESHNESS.country) }),
    head: ({ matches }: { matches: ReadonlyArray<{ loaderData?: unknown }> }) => {
      const locale = getLocale()
      const { title, description, image } = staticPageTexts[page]
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
  }
}
