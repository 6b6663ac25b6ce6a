/**
 * The search page's answer: on the server, from the engine, so the page works before and without
 * JavaScript and a search URL can be shared; in the browser nothing here — the page asks the
 * search client itself (src/components/search/client.ts), which also serves the static export (decision 014).
 */
import { createIsomorphicFn } from '@tanstack/react-start'
import { SEARCH } from '../config/constants'
import type { Locale } from '../paraglide/runtime'
import { searchAnswer } from './answer.server'
import type { SearchAnswer } from './query'

export const loadSearchPage = createIsomorphicFn()
  .server((locale: Locale, raw: unknown): Promise<SearchAnswer | null> => searchAnswer(locale, raw, SEARCH.pageResults))
  .client(async (): Promise<SearchAnswer | null> => null)
