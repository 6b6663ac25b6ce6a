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
import { CACHE_POLICY, cacheControl, FRESHNESS } from '../config/constants'
import { siteUrlOf } from '../config/site'
import { routePath } from '../i18n/paths'
import { ogImagePath } from '../og/path'
import { getLocale } from '../i18n/locale'
import { buildHead } from '../seo/head'

type Loaded = { alternates: Alternate[]; personal: boolean }

/**
 * A static page route's options, without its component (the route file names that). A page with a
 * form (contact, partner) shown in the state its form led to (`?state=`) is that sender's alone:
 * never cached, never indexed.
 */
export function staticPageRoute(page: PageKey) {
  const { route, title, description, image } = staticPages[page]
  return {
    loaderDeps: ({ search }: { search: { state?: string } }) => ({ personal: Boolean(search.state) }),
    loader: async ({ context, deps }: { context: { queryClient: QueryClient }; deps: { personal: boolean } }): Promise<Loaded> => {
      const view = await context.queryClient.ensureQueryData(staticPageQuery(getLocale(), page))
      if (view.kind !== 'found') throw notFound()
      return { alternates: view.alternates, personal: deps.personal }
    },
    headers: ({ loaderData }: { loaderData?: Loaded }) => ({
      'Cache-Control': loaderData?.personal ? CACHE_POLICY.never : cacheControl(FRESHNESS.country),
    }),
    head: ({ matches, loaderData }: { matches: ReadonlyArray<{ loaderData?: unknown }>; loaderData?: Loaded }) => {
      const locale = getLocale()
      return buildHead({
        title: title(),
        description: description(),
        noindex: Boolean(loaderData?.personal),
        locale,
        path: routePath(route, locale),
        siteUrl: siteUrlOf(matches),
        alternates: loaderData?.alternates ?? [],
        image: { path: ogImagePath({ title: title(), type: image, locale, description: description() }), alt: title() },
      })
    },
  }
}
