/**
 * Search from the browser, loaded only when the reader opens search (issue 14). Where the Node
 * server runs, it asks /api/search, which searches the live content; in the static export, which
 * has no server, it asks Pagefind's index, written by `npm run build:static` (decision 014).
 */
import type { Locale } from '../../paraglide/runtime'
import { normalizeQuery, type SearchAnswer } from '../../search/query'

const cache = new Map<string, Promise<SearchAnswer>>()

export function searchFromBrowser(locale: Locale, raw: string, limit: number): Promise<SearchAnswer> {
  const { query, shortened } = normalizeQuery(raw)
  if (!query) return Promise.resolve({ query, shortened, total: 0, hits: [] })
  const key = `${locale} ${limit} ${query}`
  let answer = cache.get(key)
  if (!answer) {
    answer = (import.meta.env.VITE_STATIC_EXPORT === '1' ? fromPagefind(query, limit) : fromServer(locale, query, limit)).then((a) => ({
      ...a,
      shortened,
    }))
    // A failed search may be tried again.
    answer.catch(() => cache.delete(key))
    if (cache.size > 200) cache.clear()
    cache.set(key, answer)
  }
  return answer
}

async function fromServer(locale: Locale, query: string, limit: number): Promise<Omit<SearchAnswer, 'shortened'>> {
  const response = await fetch(`/api/search?${new URLSearchParams({ locale, q: query, limit: String(limit) })}`)
  if (!response.ok) throw new Error(`Search answered ${response.status}`)
  return response.json() as Promise<Omit<SearchAnswer, 'shortened'>>
}

async function fromPagefind(query: string, limit: number): Promise<Omit<SearchAnswer, 'shortened'>> {
  const { pagefindSearch } = await import('./pagefind-browser')
  return pagefindSearch(query, limit)
}
