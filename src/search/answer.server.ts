/** One search answer for the page and for /api/search: the query made safe, then the live content searched. */
import { getContent } from '../content/store.server'
import type { Locale } from '../paraglide/runtime'
import { searchInSlices } from './engine.server'
import { normalizeQuery, type SearchAnswer } from './query'

export async function searchAnswer(locale: Locale, raw: unknown, limit: number): Promise<SearchAnswer> {
  const { query, shortened } = normalizeQuery(raw)
  if (!query) return { query, shortened, total: 0, hits: [] }
  return { ...(await searchInSlices(getContent(), locale, query, limit)), shortened }
}
