import { createFileRoute } from '@tanstack/react-router'
import { CACHE_POLICY, cacheControl, FRESHNESS } from '../config/constants'
import { siteUrlOf } from '../config/site'
import { alternatesForRoute, routePath } from '../i18n/paths'
import { getLocale } from '../i18n/locale'
import { m } from '../paraglide/messages'
import { buildHead } from '../seo/head'
import { NewsletterPage, type NewsletterSearch } from '../components/readers/NewsletterPage'

/** The page's query as strings (the server adds a reader's settings to a signed link's page). */
function validateSearch(search: Record<string, unknown>): NewsletterSearch {
  const pick = (key: string, max: number) => (typeof search[key] === 'string' && search[key].length <= max ? { [key]: search[key] } : {})
  return { ...pick('state', 20), ...pick('t', 2000), ...pick('countries', 40), ...pick('frequency', 10), ...pick('lang', 5) }
}

export const Route = createFileRoute('/newsletter')({
  validateSearch,
  loaderDeps: ({ search }) => ({ personal: Boolean(search.state || search.t) }),
  loader: ({ deps }) => ({ alternates: alternatesForRoute('/newsletter'), personal: deps.personal }),
  // A step of someone's sign-up or a signed link is theirs alone: never stored by a cache.
  headers: ({ loaderData }) => ({ 'Cache-Control': loaderData?.personal ? CACHE_POLICY.never : cacheControl(FRESHNESS.country) }),
  head: ({ loaderData, matches }) => {
    const locale = getLocale()
    return buildHead({
      title: m.nl_title(),
      description: m.nl_description(),
      noindex: Boolean(loaderData?.personal),
      locale,
      path: routePath('/newsletter', locale),
      siteUrl: siteUrlOf(matches),
      alternates: loaderData?.alternates,
    })
  },
  component: function Newsletter() {
    return <NewsletterPage search={Route.useSearch()} />
  },
})
