/**
 * What a reader typed, made safe to search and to show (issue 14): unpaired surrogates replaced,
 * format characters removed, control characters made spaces, composed (NFC), white space collapsed, at most SEARCH.maxQueryLength characters.
 * Shared by the server (search page, /api/search) and the browser (as-you-type), so both cut the
 * same way. Pure; see query.test.ts.
 */
import { SEARCH } from '../config/constants'

export type SearchQuery = { query: string; shortened: boolean }

export function normalizeQuery(raw: unknown): SearchQuery {
  const text = typeof raw === 'string' ? raw : Array.isArray(raw) ? String(raw[0] ?? '') : ''
  const clean = text
    .slice(0, SEARCH.maxQueryLength * 4)
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    // Format characters (soft hyphen, zero-width joiners, direction marks) join what they sit in;
    // control characters and line separators separate.
    .replace(/\p{Cf}+/gu, '')
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim()
  const chars = Array.from(clean)
  if (chars.length <= SEARCH.maxQueryLength) return { query: clean, shortened: text.length > SEARCH.maxQueryLength * 4 }
  return { query: chars.slice(0, SEARCH.maxQueryLength).join('').trim(), shortened: true }
}

/** A result's excerpt: text runs, the matched words marked. Rendered as text, never as HTML. */
export type ExcerptPart = { text: string; mark?: true }

export type SearchHit = {
  kind: 'post' | 'guide' | 'page'
  title: string
  /** The localized path of the page, e.g. /de/blog/laender/griechenland. */
  path: string
  /** The country the post or guide is about, in the page's language. */
  country: string | null
  /** A post's publication date as the locale writes it. */
  date: string | null
  excerpt: ExcerptPart[]
}

export type SearchAnswer = { query: string; shortened: boolean; total: number; hits: SearchHit[] }
