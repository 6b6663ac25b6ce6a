import { createFileRoute } from '@tanstack/react-router'
import { SEARCH } from '../config/constants'
import { siteUrlOf } from '../config/site'
import { alternatesForRoute, routePath } from '../i18n/paths'
import { getLocale } from '../i18n/locale'
import { m } from '../paraglide/messages'
import { loadSearchPage } from '../search/data'
import { SearchPage } from '../components/search/SearchPage'
import { buildHead } from '../seo/head'

/** `?q=` as the reader wrote it: the router reads `?q=2026` as a number and `?q=true` as a boolean. */
export function validateSearchParams(search: Record<string, unknown>): { q?: string } {
  const q = search.q
  return typeof q === 'string' || typeof q === 'number' || typeof q === 'boolean' ? { q: String(q) } : {}
}

export const Route = createFileRoute('/search')({
  validateSearch: validateSearchParams,
  loader: async ({ location }) => ({
    alternates: alternatesForRoute('/search'),
    answer: await loadSearchPage(getLocale(), validateSearchParams(location.search as Record<string, unknown>).q),
  }),
  headers: () => SEARCH.headers,
  head: ({ loaderData, matches, match }) => {
    const locale = getLocale()
    // The server's answer names the query; after a search made in the browser, the URL does.
    const query = loaderData?.answer?.query ?? match.search.q?.trim().slice(0, SEARCH.maxQueryLength)
    return buildHead({
      title: query ? m.search_results_title({ query }) : m.search_label(),
      description: m.search_description(),
      noindex: true,
      locale,
      path: routePath('/search', locale),
      siteUrl: siteUrlOf(matches),
    })
  },
  component: SearchPage,
})
