/**
 * Reads and validates the whole content directory into an in-memory store. Every problem is
 * reported with the file, the field and the reason; the caller decides whether to stop.
 */
import { existsSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { LRUCache } from 'lru-cache'
import type { z } from 'zod'
import { isLocale, locales, type Locale } from '../paraglide/runtime'
import { CONTENT_MEMORY } from '../config/constants'
import { guideCountries, isCountryCode, type GuideCountry } from './countries'
import { countWords, renderMarkdown, readingMinutes } from './markdown.server'
import type { Heading } from './types'
import { loadDataset, type Dataset } from '../key-figures/load.server'
import { listDirectories, listEntries, readContentFile, type FileRead } from './files.server'
import { parseFrontMatter } from './front-matter'
import { guideFrontMatter, pageFrontMatter, pageKeys, postFrontMatter, type GuideFrontMatter, type PageKey, type PostFrontMatter } from './schema'

export type ContentIssue = { file: string; field?: string; message: string }

export type LoadOptions = {
  /**
   * Where bodies are read from when a page is rendered, if not the folder loaded: the last good
   * snapshot (store.server.ts), so that a change rejected later never reaches a reader (issue 35).
   */
  bodiesFrom?: string
  /** Files are named in problems as if they were in this folder (a snapshot's, as the content folder's). */
  namesFrom?: string
  /** Each file read: its path inside the folder, its bytes and their version (for the snapshot). */
  onRead?: (path: string, bytes: Buffer, version: string) => void
}

/**
 * A document's body: counted at load, then left on disk; read and turned into HTML when a reader
 * asks for it. The HTML of the documents read most recently is kept, up to a fixed number of bytes
 * (see `renderedBodies`), so a worker's memory does not grow with the archive.
 */
export type Rendered = {
  html: () => RenderedBody
  /** The body as written, read again from its file: bodies are not kept in memory (issue 22). */
  markdown: () => string
  /** Changes whenever the file does (its modification time and size): a key for work derived from the body. */
  version: string
  words: number
  readingMinutes: number
}

export type PostDoc = PostFrontMatter & Rendered & { key: string; locale: Locale; file: string }
type GuideDoc = GuideFrontMatter & { code: GuideCountry; locale: Locale; body: Rendered | null; file: string }
type PageDoc = Rendered & { page: PageKey; locale: Locale; updatedAt: string; file: string }

export type ContentStore = {
  /** Per locale, newest first. */
  postsByLocale: Map<Locale, PostDoc[]>
  /** Every language version of a post, by its key. */
  postsByKey: Map<string, Map<Locale, PostDoc>>
  guides: Map<GuideCountry, Map<Locale, GuideDoc>>
  pages: Map<PageKey, Map<Locale, PageDoc>>
  /** Per locale, every slug a post had before (`previousSlugs`) and the post it now has. */
  previousSlugs: Map<Locale, Map<string, PostDoc>>
  /** The key-figures dataset (content/key-figures), validated with the rest. */
  keyFigures: Dataset
  /** Newest content date, for sitemaps and cache validation. */
  lastModified: string
}

type RenderedBody = { html: string; headings: Heading[] }

/**
 * Rendered bodies, least recently read dropped first, bounded by bytes: a crawler reading the whole
 * archive costs a worker this much and no more (issue 22). Keyed by document, so a reload's new
 * documents never read an old rendering.
 */
const renderedBodies = new LRUCache<Rendered, RenderedBody>({
  maxSize: CONTENT_MEMORY.renderedBodiesBytes,
  // Strings are UTF-16 in memory: two bytes a character is the bound for the text we hold.
  sizeCalculation: (body) => Math.max(1, 2 * (body.html.length + body.headings.reduce((n, h) => n + h.id.length + h.text.length, 0))),
})

/**
 * The body of a content file as it is in the folder bodies are read from (the last good snapshot
 * on a server). A failure names the file for the server's log; readers never see the message
 * (src/page-data/loaders.ts).
 */
function bodyOf(file: string, root: string) {
  const read = readContentFile(file, root)
  if (!read.ok) throw new Error(`${relative(root, file)} ${read.problem}`)
  const parsed = parseFrontMatter(read.text)
  if ('error' in parsed) throw new Error(`${relative(root, file)}: ${parsed.error}`)
  return parsed.body
}

function render(file: string, root: string, markdown: string, version: string): Rendered {
  const words = countWords(markdown)
  const doc: Rendered = {
    html: () => {
      let body = renderedBodies.get(doc)
      if (!body) renderedBodies.set(doc, (body = renderMarkdown(bodyOf(file, root))))
      return body
    },
    markdown: () => bodyOf(file, root),
    version,
    words,
    readingMinutes: readingMinutes(words),
  }
  return doc
}

export type LoadResult = {
  store: ContentStore
  issues: ContentIssue[]
  /** Accepted, but worth an editor's look: a link out of the folder, bytes that are not UTF-8. */
  warnings: ContentIssue[]
}

export function loadContent(contentDir: string, options: LoadOptions = {}): LoadResult {
  const issues: ContentIssue[] = []
  const warnings: ContentIssue[] = []
  if (!existsSync(contentDir)) issues.push({ file: contentDir, message: 'the content directory does not exist (CONTENT_DIR)' })
  const namesFrom = options.namesFrom ?? contentDir
  const rel = (file: string) => relative(process.cwd(), join(namesFrom, relative(contentDir, file))) || file
  const bodiesFrom = options.bodiesFrom ?? contentDir
  const bodyFile = (file: string) => join(bodiesFrom, relative(contentDir, file))

  /** Every read of the load goes through here: problems and warnings are reported, never thrown. */
  function readFile(path: string): FileRead {
    const read = readContentFile(path, contentDir)
    if (read.ok) {
      for (const message of read.warnings) warnings.push({ file: rel(path), message })
      options.onRead?.(relative(contentDir, path), read.bytes, read.version)
    }
    return read
  }
  function listMarkdown(dir: string) {
    const { names, problem } = listEntries(dir)
    if (problem) issues.push({ file: rel(dir), message: problem })
    return names.filter((name) => name.endsWith('.md'))
  }
  const listDirs = (dir: string) => {
    const { problem } = listEntries(dir)
    if (problem) issues.push({ file: rel(dir), message: problem })
    return listDirectories(dir)
  }
  let lastModified = '1970-01-01'
  const seen = (date: string | undefined) => {
    if (date && date > lastModified) lastModified = date
  }

  function read<S extends z.ZodType>(file: string, schema: S): { data: z.output<S>; body: string; version: string } | null {
    const source = readFile(file)
    if (!source.ok) {
      issues.push({ file: rel(file), message: source.problem })
      return null
    }
    const parsed = parseFrontMatter(source.text)
    if ('error' in parsed) {
      issues.push({ file: rel(file), message: parsed.error })
      return null
    }
    const result = schema.safeParse(parsed.data)
    if (!result.success) {
      for (const issue of result.error.issues) {
        issues.push({ file: rel(file), field: issue.path.join('.') || undefined, message: issue.message })
      }
      return null
    }
    return { data: result.data, body: parsed.body, version: source.version }
  }

  function localeOf(file: string): Locale | null {
    const name = basename(file, '.md')
    if (isLocale(name)) return name
    issues.push({ file: rel(file), message: `"${name}" is not one of the 18 languages (${locales.join(', ')})` })
    return null
  }

  /**
   * One collection of documents: a folder per document (a post's key, a guide's country, a page's
   * name) holding one Markdown file per language. `folder` gives the document's key or says why the
   * folder is none; `build` makes a language version from its checked front matter and body, or
   * says why it cannot; `complete` says what the whole document lacks (an English version).
   */
  function loadCollection<S extends z.ZodType, K, D>(
    dir: string,
    schema: S,
    folder: (name: string) => K | { problem: string },
    build: (
      doc: { data: z.output<S>; body: string; version: string },
      at: { file: string; locale: Locale; key: K },
    ) => D | { problem: string; field?: string },
    complete: (versions: Map<Locale, D>) => string | null,
  ): Map<K, Map<Locale, D>> {
    const collection = new Map<K, Map<Locale, D>>()
    for (const name of listDirs(dir)) {
      const key = folder(name)
      if (typeof key === 'object' && key !== null && 'problem' in key) {
        issues.push({ file: rel(join(dir, name)), message: key.problem })
        continue
      }
      const versions = new Map<Locale, D>()
      for (const fileName of listMarkdown(join(dir, name))) {
        const file = join(dir, name, fileName)
        const locale = localeOf(file)
        const doc = locale && read(file, schema)
        if (!locale || !doc) continue
        const built = build(doc, { file, locale, key })
        if (typeof built === 'object' && built !== null && 'problem' in built) {
          issues.push({ file: rel(file), field: built.field, message: built.problem })
          continue
        }
        versions.set(locale, built)
      }
      const lacking = complete(versions)
      if (lacking) issues.push({ file: rel(join(dir, name)), message: lacking })
      if (versions.size > 0 || lacking === null) collection.set(key, versions)
    }
    return collection
  }

  /** A document's body as the store keeps it: counted now, read from `bodiesFrom` when rendered. */
  const bodyOfDoc = (file: string, doc: { body: string; version: string }) => render(bodyFile(file), bodiesFrom, doc.body, doc.version)

  const postsByKey: ContentStore['postsByKey'] = loadCollection(
    join(contentDir, 'posts'),
    postFrontMatter,
    (name) => name,
    (doc, { file, locale, key }): PostDoc | { problem: string; field?: string } => {
      if (doc.data.country && !isCountryCode(doc.data.country)) return { field: 'country', problem: `unknown country code "${doc.data.country}"` }
      if (!doc.body.trim()) return { problem: 'the post has no body' }
      seen(doc.data.updatedAt ?? doc.data.publishedAt)
      return { ...doc.data, ...bodyOfDoc(file, doc), key, locale, file: rel(file) }
    },
    (versions) =>
      versions.size > 0 && !versions.has('en') ? 'every post needs an English version (en.md), the x-default of its translations' : null,
  )
  // A folder with no valid version is no post (its files' problems are reported).
  for (const [key, versions] of postsByKey) if (versions.size === 0) postsByKey.delete(key)

  const postsByLocale: ContentStore['postsByLocale'] = new Map(locales.map((l) => [l, []]))
  for (const versions of postsByKey.values()) {
    for (const doc of versions.values()) postsByLocale.get(doc.locale)?.push(doc)
  }
  for (const [locale, docs] of postsByLocale) {
    docs.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.slug.localeCompare(b.slug))
    const bySlug = new Map<string, PostDoc>()
    for (const doc of docs) {
      const twin = bySlug.get(doc.slug)
      if (twin) {
        issues.push({ file: doc.file, field: 'slug', message: `slug "${doc.slug}" is already used in ${locale} by ${twin.file}` })
      }
      bySlug.set(doc.slug, doc)
    }
  }
  // A slug a post had before answers 301 to its current one: it must not be anyone's slug now.
  const previousSlugs: ContentStore['previousSlugs'] = new Map(locales.map((l) => [l, new Map()]))
  for (const [locale, docs] of postsByLocale) {
    const live = new Map(docs.map((doc) => [doc.slug, doc]))
    const previous = previousSlugs.get(locale) ?? new Map<string, PostDoc>()
    for (const doc of docs) {
      for (const old of doc.previousSlugs ?? []) {
        const owner = live.get(old)
        const earlier = previous.get(old)
        if (owner) {
          issues.push({
            file: doc.file,
            field: 'previousSlugs',
            message: `"${old}" is the slug of ${owner === doc ? 'this post' : owner.file} in ${locale}; a previous slug must be free`,
          })
        } else if (earlier) {
          issues.push({ file: doc.file, field: 'previousSlugs', message: `"${old}" is already a previous slug of ${earlier.file} in ${locale}` })
        } else previous.set(old, doc)
      }
    }
  }

  const guides: ContentStore['guides'] = loadCollection(
    join(contentDir, 'countries'),
    guideFrontMatter,
    (dir) => {
      const code = dir.toUpperCase()
      const guideCode = guideCountries.find((c) => c === code)
      if (guideCode) return guideCode
      const known = isCountryCode(code) ? `no guide is offered for ${code}` : `unknown country code "${dir}"`
      return { problem: `${known}; guides exist for ${guideCountries.join(', ')}` }
    },
    (doc, { file, locale, key }): GuideDoc => {
      seen(doc.data.updatedAt)
      return { ...doc.data, code: key, locale, body: doc.body.trim() ? bodyOfDoc(file, doc) : null, file: rel(file) }
    },
    (versions) => (versions.get('en')?.body ? null : 'a guide needs an English version with a body (en.md)'),
  )

  const pages: ContentStore['pages'] = loadCollection(
    join(contentDir, 'pages'),
    pageFrontMatter,
    (dir) => pageKeys.find((p) => p === dir) ?? { problem: `unknown page "${dir}"; pages are ${pageKeys.join(', ')}` },
    (doc, { file, locale, key }): PageDoc => {
      seen(doc.data.updatedAt)
      return { ...bodyOfDoc(file, doc), page: key, locale, updatedAt: doc.data.updatedAt, file: rel(file) }
    },
    () => null,
  )

  const { dataset: keyFigures, issues: datasetIssues } = loadDataset(contentDir, readFile, rel)
  issues.push(...datasetIssues)

  return { store: { postsByLocale, postsByKey, guides, pages, previousSlugs, keyFigures, lastModified }, issues, warnings }
}
