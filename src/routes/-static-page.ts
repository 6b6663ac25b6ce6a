/**
 * The four static pages share one shape: a localized title and lede, and the body from
 * content/pages. This module is what a static page's route needs at start (loader, headers, head);
 * the component lives in components/StaticPageView.tsx, so the router's code splitting keeps it,
 * and the body's renderer, out of every other page's JavaScript.
 */
import { notFound } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { staticPageQuery } from '../page-data/queries'
import { staticPages, type PageKey } from '../content/static-pages'
import type { Alternate } from '../i18n/paths'
import { cacheControl, FRESHNESS } from '../config/constants'
import { siteUrlOf } from '../config/site'
import { routePath } from '../i18n/paths'
import { ogImagePath } from '../og/path'
import { getLocale } from '../i18n/locale'
import { buildHead } from '../seo/head'

/** A static page route's options, without its component (the route file names that). */
export function staticPageRoute(page: PageKey) {
  const { route, title, description, image } = staticPages[page]
  return {
    loader: async ({ context }: { context: { queryClient: QueryClient } }): Promise<{ alternates: Alternate[] }> => {
      const view = await context.queryClient.ensureQueryData(staticPageQuery(getLocale(), page))
      if (view.kind !== 'found') throw notFound()
      return { alternates: view.alternates }
    },
    headers: () => ({ 'Cache-Control': cacheControl(FRESHNESS.country) }),
    head: ({ matches, loaderData }: { matches: ReadonlyArray<{ loaderData?: unknown }>; loaderData?: { alternates: Alternate[] } }) => {
      const locale = getLocale()
      return buildHead({
        title: title(),
        description: description(),
        locale,
        path: routePath(route, locale),
        siteUrl: siteUrlOf(matches),
        alternates: loaderData?.alternates ?? [],
        image: { path: ogImagePath({ title: title(), type: image, locale, description: description() }), alt: title() },
      })
    },
  }
}
