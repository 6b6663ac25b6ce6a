/**
 * What search indexes in one language: its posts, the guides written in it and its pages, as plain
 * text without Markdown. The server's engine and the static export's Pagefind index read the same.
 */
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { countryName, countrySlug, guideCountries } from '../content/countries'
import type { ContentStore, Rendered } from '../content/load.server'
import { pageKeys, staticPages } from '../content/static-pages'
import { guideDescription } from '../content/views.server'
import { formatDate } from '../i18n/format'
import { KEY_FIGURES_MARKER_TEXT } from '../key-figures/types'
import { routePath } from '../i18n/paths'
import { m } from '../paraglide/messages'
import type { Locale } from '../paraglide/runtime'
import type { SearchHit } from './query'

export type Doc = {
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
const plainTextsByFile = new Map<string, { version: string; text: string }>()

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
    text =
      known?.version === body.version
        ? known.text
        : textOf(parser.parse(body.markdown()) as MdNode)
            .replaceAll(KEY_FIGURES_MARKER_TEXT, ' ')
            .normalize('NFC')
            .replace(/\s+/g, ' ')
            .trim()
    plainTexts.set(body, text)
    if (file !== undefined) plainTextsByFile.set(file, { version: body.version, text })
  }
  return text
}

/**
 * Everything a reader of one language can find: its posts, guides written in it, its pages. One at
 * a time, so that a build can pause between them (reading a body's Markdown is the costly part).
 */
export function* documents(store: ContentStore, locale: Locale): Generator<Doc> {
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
  for (const page of pageKeys) {
    const doc = store.pages.get(page)?.get(locale)
    if (!doc) continue
    yield {
      id: id++,
      kind: 'page',
      title: staticPages[page].title(locale),
      path: routePath(staticPages[page].route, locale),
      country: null,
      date: null,
      summary: staticPages[page].description(locale),
      text: plainText(doc, doc.file),
    }
  }
  const comparison = comparisonDocument(store, locale, id++)
  if (comparison) yield comparison
}

/** The key-figures comparison: found by its title, the countries' names and the figures' names. */
function comparisonDocument(store: ContentStore, locale: Locale, id: number): Doc | null {
  if (store.keyFigures.countries.length === 0) return null
  const names = store.keyFigures.countries.map((c) => countryName(c.country, locale))
  return {
    id,
    kind: 'page',
    title: m.kf_title({}, { locale }),
    path: routePath('/blog/countries/compare', locale),
    country: null,
    date: null,
    summary: m.kf_description({}, { locale }),
    text: [m.kf_intro({}, { locale }), ...names, ...figureNames(locale)].join(' '),
  }
}

const figureNames = (locale: Locale) =>
  [
    m.kf_fig_transferTax,
    m.kf_fig_vatNewBuild,
    m.kf_fig_notary,
    m.kf_fig_registry,
    m.kf_fig_legal,
    m.kf_fig_agent,
    m.kf_fig_propertyTax,
    m.kf_fig_rentalTax,
    m.kf_fig_capitalGainsTax,
    m.kf_fig_yieldCapital,
    m.kf_fig_pricePerM2,
    m.kf_fig_ltv,
    m.kf_fig_buyers,
    m.kf_fig_residence,
  ].map((message) => message({}, { locale }))

export const searchDocuments = (store: ContentStore, locale: Locale): Doc[] => [...documents(store, locale)]
