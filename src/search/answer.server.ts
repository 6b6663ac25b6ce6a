/** One search answer for the page and for /api/search: the query made safe, then the live content searched. */
import { getContent } from '../content/store.server'
import type { Locale } from '../paraglide/runtime'
import { search } from './engine.server'
import { normalizeQuery, type SearchAnswer } from './query'

export function searchAnswer(locale: Locale, raw: unknown, limit: number): SearchAnswer {
  const { query, shortened } = normalizeQuery(raw)
  if (!query) return { query, shortened, total: 0, hits: [] }
  return { ...search(getContent(), locale, query, limit), shortened }
}
