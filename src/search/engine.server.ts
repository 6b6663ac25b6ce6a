/**
 * Full-text search over the live content store, one MiniSearch index per store and locale, built
 * the first time a locale is searched (decision 014). A changed file or a scheduled post going live
 * gives a new store, hence a new index at the next search: there is nothing to rebuild by hand.
 */
import MiniSearch, { type Query } from 'minisearch'
import type { ContentStore } from '../content/load.server'
import { perStore } from '../content/per-store'
import type { Locale } from '../paraglide/runtime'
import { documents, type Doc } from './documents.server'
import { excerpt } from './excerpt.server'
import type { SearchAnswer, SearchHit } from './query'
import { hasStemmer, termProcessor, tokenize } from './terms.server'

type LocaleIndex = { docs: Doc[]; index: MiniSearch<Doc>; terms: (word: string) => string[] }

/** A language's terms, memoized across builds: the vocabulary changes little when content does. */
const processors = new Map<Locale, (word: string) => string[]>()
function termsOf(locale: Locale) {
  let terms = processors.get(locale)
  if (!terms) processors.set(locale, (terms = termProcessor(locale)))
  return terms
}

function newIndex(terms: (word: string) => string[]) {
  return new MiniSearch<Doc>({ fields: ['title', 'summary', 'country', 'text'], tokenize, processTerm: (word) => terms(word) })
}

const yieldToEvents = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * A language's index, built in slices of a few milliseconds: a worker building a large archive's index (seconds at
 * 100x content) keeps answering other requests meanwhile.
 */
export async function buildIndexInSlices(store: ContentStore, locale: Locale): Promise<LocaleIndex> {
  const terms = termsOf(locale)
  const docs: Doc[] = []
  let sliceStart = performance.now()
  for (const doc of documents(store, locale)) {
    docs.push(doc)
    if (performance.now() - sliceStart > 10) {
      await yieldToEvents()
      sliceStart = performance.now()
    }
  }
  const index = newIndex(terms)
  await index.addAllAsync(docs, { chunkSize: 20 })
  return { docs, index, terms }
}

/** The index of a store's language, built in slices the first time (one build for concurrent searches). */
const localeIndex = perStore((store, locale: Locale): Promise<LocaleIndex> => {
  const building = buildIndexInSlices(store, locale)
  building.catch(() => localeIndex.forget(store, locale))
  return building
})

/**
 * The query as MiniSearch reads it: every word must match (AND), a word matching by any of its
 * terms (OR of stem and whole word); the last word also as a prefix, since the reader may still be
 * typing it; languages without a stemmer also match a word one or two letters away (inflection).
 */
function queryTree(words: string[][], locale: Locale, combineWith: 'AND' | 'OR'): Query {
  const fuzzy = hasStemmer(locale) ? false : (term: string) => (term.length >= 8 ? 2 : term.length >= 5 ? 1 : false)
  return {
    combineWith,
    queries: words.map((terms, i) => ({
      combineWith: 'OR',
      queries: terms,
      prefix: i === words.length - 1,
      fuzzy,
    })),
  }
}

const searchOptions = {
  boost: { title: 4, summary: 2, country: 2, text: 1 },
  // The query's words are already terms.
  processTerm: (term: string) => term,
  tokenize: (term: string) => [term],
  // A prefix or fuzzy match counts less than the word itself.
  weights: { prefix: 0.4, fuzzy: 0.3 },
}

export function searchIndex(found: LocaleIndex, locale: Locale, query: string, limit: number): { total: number; hits: SearchHit[] } {
  const words = [...new Set(tokenize(query))].slice(0, 12).map(found.terms)
  if (!words.length) return { total: 0, hits: [] }
  let results = found.index.search(queryTree(words, locale, 'AND'), searchOptions)
  // Nothing has every word: the pages that have most of them.
  if (!results.length && words.length > 1) results = found.index.search(queryTree(words, locale, 'OR'), searchOptions)
  return {
    total: results.length,
    hits: results.slice(0, limit).map((result) => {
      const doc = found.docs[result.id as number]
      const matched = new Set(result.terms)
      return {
        kind: doc.kind,
        title: doc.title,
        path: doc.path,
        country: doc.country,
        date: doc.date,
        excerpt: excerpt(doc, (word) => found.terms(word).some((term) => matched.has(term))),
      }
    }),
  }
}

/** Search the live content in one language (issue 14): ranked hits with marked excerpts. A first search in a language waits for its index without blocking other requests. */
export async function searchInSlices(store: ContentStore, locale: Locale, query: string, limit: number): Promise<Omit<SearchAnswer, 'shortened'>> {
  return { query, ...searchIndex(await localeIndex(store, locale), locale, query, limit) }
}
