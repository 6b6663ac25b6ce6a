/**
 * Full-text search over the live content store, one MiniSearch index per store and locale, built
 * the first time a locale is searched (decision 014). A changed file or a scheduled post going live
 * gives a new store, hence a new index at the next search: there is nothing to rebuild by hand.
 */
import MiniSearch, { type Query } from 'minisearch'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { SEARCH } from '../config/constants'
import { countryName, countrySlug, guideCountries } from '../content/countries'
import type { ContentStore, Rendered } from '../content/load.server'
import { pageKeys } from '../content/page-keys'
import { staticPageTexts } from '../pages/static-page-texts'
import { formatDate } from '../i18n/format'
import { routePath } from '../i18n/paths'
import { staticPageRoutes } from '../i18n/segments'
import { m } from '../paraglide/messages'
import type { Locale } from '../paraglide/runtime'
import { guideDescription } from '../content/views.server'
import type { ExcerptPart, SearchAnswer, SearchHit } from './query'
import { hasStemmer, termProcessor, tokenize, wordPattern } from './terms.server'

type Doc = {
  id: number
  kind: SearchHit['kind']
  title: string
  path: string
  country: string | null
  date: string | null
  summary: string
  text: string
}

// GitHub-flavoured Markdown, as the pages are rendered (src/content/markdown.server.ts): tables,
// strikethrough and autolinks are read as such, not as text with pipes.
const parser = unified().use(remarkParse).use(remarkGfm)
const plainTexts = new WeakMap<Rendered, string>()
/**
 * The same by file, across content reloads: a reload makes new documents of unchanged files, and
 * reading Markdown is most of an index's build (about 6 ms a document).
 */
const plainTextsByFile = new Map<string, { markdown: string; text: string }>()

type MdNode = { type: string; value?: string; children?: MdNode[] }
/** Nodes whose children are blocks (or cells): their texts are kept apart by a space. */
const blockParents = new Set(['root', 'blockquote', 'list', 'listItem', 'table', 'tableRow', 'tableCell', 'footnoteDefinition'])

function textOf(node: MdNode): string {
  if (node.type === 'html' || node.type === 'image' || node.type === 'imageReference' || node.type === 'definition') return ''
  if (node.value !== undefined) return node.value
  const parts = (node.children ?? []).map(textOf)
  return parts.join(blockParents.has(node.type) ? ' ' : '')
}

/** A body's words without its Markdown: headings, paragraphs, list items, table cells, link texts. */
export function plainText(body: Rendered, file?: string) {
  let text = plainTexts.get(body)
  if (text === undefined) {
    const known = file === undefined ? undefined : plainTextsByFile.get(file)
    text = known?.markdown === body.markdown ? known.text : textOf(parser.parse(body.markdown) as MdNode).normalize('NFC').replace(/\s+/g, ' ').trim()
    plainTexts.set(body, text)
    if (file !== undefined) plainTextsByFile.set(file, { markdown: body.markdown, text })
  }
  return text
}

/**
 * Everything a reader of one language can find: its posts, guides written in it, its pages. One at
 * a time, so that a build can pause between them (reading a body's Markdown is the costly part).
 */
function* documents(store: ContentStore, locale: Locale): Generator<Doc> {
  let id = 0
  for (const post of store.postsByLocale.get(locale) ?? []) {
    yield {
      id: id++,
      kind: 'post',
      title: post.title,
      path: routePath('/blog/$slug', locale, { slug: post.slug }),
      country: post.country ? countryName(post.country, locale) : null,
      date: formatDate(post.publishedAt, locale),
      summary: post.summary,
      text: plainText(post, post.file),
    }
  }
  for (const code of guideCountries) {
    const versions = store.guides.get(code)
    if (!versions?.get('en')?.body) continue
    const ownGuide = versions.get(locale)
    const own = ownGuide?.body
    const name = countryName(code, locale)
    yield {
      id: id++,
      kind: 'guide',
      title: m.guide_title({ name }, { locale }),
      path: routePath('/blog/countries/$country', locale, { country: countrySlug(code, locale) }),
      country: name,
      date: null,
      summary: guideDescription(store, code, locale),
      // A guide not yet translated shows the English text: only its localized title and description
      // are in this language's index.
      text: own && ownGuide ? plainText(own, ownGuide.file) : '',
    }
  }
  for (const [i, page] of pageKeys.entries()) {
    const doc = store.pages.get(page)?.get(locale)
    if (!doc) continue
    yield {
      id: id++,
      kind: 'page',
      title: staticPageTexts[page].title(locale),
      path: routePath(staticPageRoutes[i], locale),
      country: null,
      date: null,
      summary: staticPageTexts[page].description(locale),
      text: plainText(doc, doc.file),
    }
  }
}

export const searchDocuments = (store: ContentStore, locale: Locale): Doc[] => [...documents(store, locale)]

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

export function buildIndex(store: ContentStore, locale: Locale): LocaleIndex {
  const terms = termsOf(locale)
  const docs = searchDocuments(store, locale)
  const index = newIndex(terms)
  index.addAll(docs)
  return { docs, index, terms }
}

const yieldToEvents = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * The same, in slices of a few milliseconds: a worker building a large archive's index (seconds at
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

const built = new WeakMap<ContentStore, Map<Locale, LocaleIndex | Promise<LocaleIndex>>>()

function indexes(store: ContentStore) {
  let byLocale = built.get(store)
  if (!byLocale) built.set(store, (byLocale = new Map()))
  return byLocale
}

function localeIndex(store: ContentStore, locale: Locale): LocaleIndex {
  const found = indexes(store).get(locale)
  if (found && !(found instanceof Promise)) return found
  const index = buildIndex(store, locale)
  indexes(store).set(locale, index)
  return index
}

/** The index of a store's language, built in slices the first time (one build for concurrent searches). */
function localeIndexInSlices(store: ContentStore, locale: Locale): LocaleIndex | Promise<LocaleIndex> {
  const byLocale = indexes(store)
  let found = byLocale.get(locale)
  if (!found) {
    const building = buildIndexInSlices(store, locale).then((index) => {
      byLocale.set(locale, index)
      return index
    })
    building.catch(() => byLocale.delete(locale))
    byLocale.set(locale, (found = building))
  }
  return found
}

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

/** Search the live content in one language (issue 14): ranked hits with marked excerpts. */
export function search(store: ContentStore, locale: Locale, query: string, limit: number): Omit<SearchAnswer, 'shortened'> {
  return { query, ...searchIndex(localeIndex(store, locale), locale, query, limit) }
}

/** The same for the server's requests: a first search in a language waits for its index without blocking others. */
export async function searchInSlices(store: ContentStore, locale: Locale, query: string, limit: number): Promise<Omit<SearchAnswer, 'shortened'>> {
  return { query, ...searchIndex(await localeIndexInSlices(store, locale), locale, query, limit) }
}

/**
 * Some thirty words around the first matched word of the body (or of the summary when the body
 * has none), the matched words marked.
 */
export function excerpt(doc: Pick<Doc, 'summary' | 'text'>, isMatch: (word: string) => boolean): ExcerptPart[] {
  for (const source of [doc.text, doc.summary]) {
    const found = firstMatch(source, isMatch)
    if (found !== null) return marked(source, found, isMatch)
  }
  return marked(doc.summary, 0, () => false)
}

function firstMatch(text: string, isMatch: (word: string) => boolean) {
  for (const match of text.matchAll(wordPattern)) if (isMatch(match[0])) return match.index
  return null
}

function marked(text: string, at: number, isMatch: (word: string) => boolean): ExcerptPart[] {
  // Start a few words before the match, at a word's start; stop after SEARCH.excerptWords words.
  const before = [...text.slice(Math.max(0, at - 80), at).matchAll(wordPattern)]
  const lead = before.length > 6 ? before[before.length - 6] : before[0]
  const start = lead ? Math.max(0, at - 80) + lead.index : at
  const parts: ExcerptPart[] = start > 0 ? [{ text: '…' }] : []
  let position = start
  let count = 0
  const push = (part: ExcerptPart) => {
    const last = parts[parts.length - 1]
    if (last && !last.mark && !part.mark) last.text += part.text
    else if (part.text) parts.push(part)
  }
  for (const match of text.slice(start).matchAll(wordPattern)) {
    const index = start + match.index
    if (count === SEARCH.excerptWords) {
      push({ text: text.slice(position, index).trimEnd() + ' …' })
      return parts
    }
    push({ text: text.slice(position, index) })
    push(isMatch(match[0]) ? { text: match[0], mark: true } : { text: match[0] })
    position = index + match[0].length
    count++
  }
  push({ text: text.slice(position) })
  return parts
}
