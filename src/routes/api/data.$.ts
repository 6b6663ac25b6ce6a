import { createFileRoute } from '@tanstack/react-router'
import { cacheControl, FRESHNESS } from '../../config/constants'
import { siteConfig } from '../../config/site'
import { isPageKey } from '../../content/static-pages'
import { getContent } from '../../content/store.server'
import { pageView, postListView, postView, slugRedirects } from '../../content/views.server'
import { parsePageParam } from '../../content/pagination'
import { isLocale } from '../../paraglide/runtime'
import { comparisonView } from '../../page-data/comparison.server'
import { guidePageView } from '../../page-data/guide.server'
import { apiNotFound, getOnly } from './-answers'

/**
 * The content answers as plain JSON files: `/api/data/{kind}/{locale}/{param}.json`, and for the
 * lists `/api/data/list/{locale}/{page}[/{country}].json`. The browser reads them in every build
 * (decision 012); the static export saves them.
 */
export function dataAnswer(path: string): { body: unknown; freshMs: number } | null {
  const parts = path.replace(/\.json$/, '').split('/')
  if (parts[0] === 'site' && parts.length === 1) return { body: siteConfig(), freshMs: FRESHNESS.country }
  if (parts[0] === 'redirects' && parts.length === 1) return { body: slugRedirects(getContent()), freshMs: FRESHNESS.post }
  const [kind, locale, param] = parts
  if (!isLocale(locale)) return null
  const store = getContent()
  if (kind === 'list' && (parts.length === 3 || parts.length === 4)) {
    const page = parsePageParam(param)
    const country = parts[3] ?? null
    if (page === null || (country !== null && country.length > 100)) return null
    return { body: postListView(store, locale, country, page), freshMs: FRESHNESS.blogIndex }
  }
  if (kind === 'compare' && parts.length === 2) return { body: comparisonView(store, locale), freshMs: FRESHNESS.country }
  if (parts.length !== 3 || !param || param.length > 120) return null
  if (kind === 'post') return { body: postView(store, locale, param), freshMs: FRESHNESS.post }
  if (kind === 'country') return { body: guidePageView(store, locale, param), freshMs: FRESHNESS.country }
  if (kind === 'page' && isPageKey(param)) return { body: pageView(store, locale, param), freshMs: FRESHNESS.country }
  return null
}

export const Route = createFileRoute('/api/data/$')({
  server: {
    handlers: {
      // Another method on a data file is a 405; on a path that is no data file, a 404 like GET's.
      ANY: ({ params }) => (dataAnswer(params._splat ?? '') ? getOnly() : apiNotFound()),
      GET: ({ params }) => {
        const answer = dataAnswer(params._splat ?? '')
        if (!answer) return apiNotFound()
        return Response.json(answer.body, { headers: { 'Cache-Control': cacheControl(answer.freshMs) } })
      },
    },
  },
})
