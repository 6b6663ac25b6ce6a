/**
 * The search page (`/de/suche?q=steuer`): a field, then the results ranked by relevance. The server
 * renders the answer to the URL's query; after a search made in the browser, or in the static
 * export (whose pages were rendered without a query), the page asks the search client.
 */
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { SEARCH } from '../../config/constants'
import { getLocale } from '../../i18n/locale'
import { m } from '../../paraglide/messages'
import { normalizeQuery, type SearchAnswer } from '../../search/query'
import { Excerpt, HitLink, HitMeta } from './SearchHits'
import { searchFromBrowser } from './client'

const route = getRouteApi('/search')
const noSubscription = () => () => {}

export function SearchPage() {
  const { q } = route.useSearch()
  const { answer: served } = route.useLoaderData()
  // Hydration shows what the server rendered: in the static export that page was rendered without
  // a query, and the URL's query is searched once the page is live.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  const wanted = hydrated ? normalizeQuery(q).query : (served?.query ?? '')
  // What the page shows: the server's answer first, then each answer the browser asked for.
  const [shown, setShown] = useState<{ answer: SearchAnswer | null; failed: boolean }>({ answer: served, failed: false })
  const current = shown.answer?.query === wanted ? shown.answer : null
  const locale = getLocale()

  useEffect(() => {
    if (current) return
    let live = true
    searchFromBrowser(locale, wanted, SEARCH.pageResults).then(
      (answer) => live && setShown({ answer, failed: false }),
      () => live && setShown({ answer: null, failed: true }),
    )
    return () => {
      live = false
    }
  }, [current, locale, wanted])

  const navigate = useNavigate()
  const answer = current ?? shown.answer
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 id="search-title" className="page-title">
        {answer?.query ? m.search_results_title({ query: answer.query }) : m.search_label()}
      </h1>
      <form
        role="search"
        aria-labelledby="search-title"
        method="get"
        className="mt-6 flex gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          const value = new FormData(event.currentTarget).get('q')
          void navigate({ to: '/search', search: { q: typeof value === 'string' ? value : '' } })
        }}
      >
        <label htmlFor="search-page-q" className="sr-only">
          {m.search_label()}
        </label>
        <input
          id="search-page-q"
          key={answer?.query}
          name="q"
          type="search"
          defaultValue={answer?.query ?? ''}
          maxLength={SEARCH.maxQueryLength}
          placeholder={m.search_placeholder()}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-line bg-surface px-3 text-base"
        />
        <button type="submit" className="min-h-11 rounded-md bg-accent px-4 font-medium text-accent-ink">
          {m.search_label()}
        </button>
      </form>
      <div aria-live="polite" className="mt-6">
        {shown.failed ? (
          <p>{m.search_error()}</p>
        ) : !current && wanted ? (
          <p className="text-ink-2">{m.search_loading()}</p>
        ) : !answer?.query ? (
          <p className="text-ink-2">{m.search_empty()}</p>
        ) : answer.total === 0 ? (
          <p>{m.search_none({ query: answer.query })}</p>
        ) : (
          <p className="text-sm text-ink-2">{m.search_results_count({ count: String(answer.total) })}</p>
        )}
        {answer?.shortened && <p className="mt-2 text-sm text-ink-2">{m.search_shortened({ max: String(SEARCH.maxQueryLength) })}</p>}
      </div>
      {current && current.hits.length > 0 && (
        <ol className="mt-6 divide-y divide-line">
          {current.hits.map((hit) => (
            <li key={hit.path} className="py-5">
              <HitMeta hit={hit} />
              <h2 className="mt-1 font-display text-xl font-semibold">
                <HitLink hit={hit} className="hover:underline" />
              </h2>
              <p className="mt-2 text-ink-2">
                <Excerpt parts={hit.excerpt} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
