/**
 * What each page reads, one function per kind of content, the same everywhere: on the server
 * straight from the content store (with the key figures' parts drawn, ./guide.server.ts and
 * ./comparison.server.ts); in the browser as the JSON answer of `/api/data/...`
 * (src/routes/api/data.$.ts), which the static export saves as files. Decision 012.
 *
 * src/page-data is the layer that composes: it reads content and the key figures' data, has the
 * components draw what the browser must not compute, and gives the routes what they load.
 */
import { createIsomorphicFn } from '@tanstack/react-start'
import type { Locale } from '../paraglide/runtime'
import { dataFile, dataUrl, listDataFile } from '../content/data-files'
import type { PageKey } from '../content/static-pages'
import { getContent } from '../content/store.server'
import { safely } from '../content/failures.server'
import type { CompareSearch } from '../key-figures/sort'
import { KEY_FIGURES_MARKER, type Comparison, type MarkupPart } from '../key-figures/types'
import type { Guide, Post, PostList, StaticPage, View } from '../content/types'
import { pageView, postListView, postView } from '../content/views.server'
import { comparisonData, comparisonFor, comparisonPart } from './comparison.server'
import { guidePageView } from './guide.server'

/** A view's JSON; a 404 from the data route is a missing page, any other failure an error. */
async function fromDataRoute<T>(path: string): Promise<View<T>> {
  const response = await fetch(path)
  if (response.status === 404) return { kind: 'missing' }
  if (!response.ok) throw new Error(`Could not load ${path}: ${response.status}`)
  return response.json()
}

export const loadPostList = createIsomorphicFn()
  .server(safely((locale: Locale, country: string | null, page: number): View<PostList> => postListView(getContent(), locale, country, page)))
  .client((locale: Locale, country: string | null, page: number) => fromDataRoute<PostList>(dataUrl(listDataFile(locale, country, page))))

/**
 * A post's, guide's or page's body is sent once (issue 27): the page's own request leaves it out of
 * its data, which is dehydrated into the page, because the page already carries it as markup; the
 * component draws it from `pageBody`. A client-side navigation reads the data file, body included.
 */
function withoutBody<T extends { html?: string }>(view: View<T>): View<T> {
  if (view.kind !== 'found') return view
  const data = { ...view.data }
  delete data.html
  bodies.set(data, view.data.html ?? '')
  return { ...view, data }
}

/** On the server, each body left out of a page's data, by that data (the query keeps the same object). */
const bodies = new WeakMap<object, string>()

/** Where a page carries its body: each part's element has this attribute, in order. */
const BODY_ATTRIBUTE = 'data-body'

/**
 * A body the data has not: on the server the one taken out of it (its render), in the browser the
 * markup already in the page (its hydration). A guide's parts are joined where the data split them.
 */
export const pageBody = createIsomorphicFn()
  .server((data: object): string => bodies.get(data) ?? '')
  .client((): string => [...document.querySelectorAll(`[${BODY_ATTRIBUTE}]`)].map((part) => part.innerHTML).join(KEY_FIGURES_MARKER))

export const loadPost = createIsomorphicFn()
  .server(safely((locale: Locale, slug: string): View<Post> => withoutBody(postView(getContent(), locale, slug))))
  .client((locale: Locale, slug: string) => fromDataRoute<Post>(dataUrl(dataFile('post', locale, slug))))

/**
 * A guide's drawn parts are sent once too (issue 40): the price chart (3.3 KB of Brotli) and the
 * calculator's blank form (1 KB) in the data of every guide besides the page's markup pushed its
 * HTML past the first round trip. The page's own data carries '' in their place, and the component
 * draws them from `pageGuidePart`: on the server the part taken out, in the browser the markup of
 * the element the part is drawn into (`guidePartId`).
 */
function guideWithoutParts(view: View<Guide>): View<Guide> {
  const without = withoutBody(view)
  const figures = without.kind === 'found' ? without.data.keyFigures : null
  if (without.kind !== 'found' || !figures) return without
  const keyFigures = {
    ...figures,
    prices: figures.prices && '',
    changes: figures.changes && '',
    signUp: figures.signUp && '',
    calculator: { ...figures.calculator, html: '' },
  }
  guideParts.set(keyFigures, {
    prices: figures.prices ?? '',
    changes: figures.changes ?? '',
    signUp: figures.signUp,
    calculator: figures.calculator.html,
  })
  // The same data object (the body is kept by it), with the parts left out.
  without.data.keyFigures = keyFigures
  return without
}

/** The parts of a guide's key figures drawn on the server and sent once. */
export type GuidePart = 'prices' | 'changes' | 'signUp' | 'calculator'

/** On the server, the parts left out of a guide's data, by its key-figures object. */
const guideParts = new WeakMap<object, Record<GuidePart, string>>()

/** The id of the element a guide's part is drawn into. */
export const guidePartId = (part: GuidePart) => `kf-part-${part}`

/** A part the data has not: on the server the one taken out, in the browser the page's markup. */
export const pageGuidePart = createIsomorphicFn()
  .server((keyFigures: object, part: GuidePart): string => guideParts.get(keyFigures)?.[part] ?? '')
  .client((_keyFigures: object, part: GuidePart): string => document.getElementById(guidePartId(part))?.innerHTML ?? '')

export const loadGuide = createIsomorphicFn()
  .server(safely((locale: Locale, country: string): View<Guide> => guideWithoutParts(guidePageView(getContent(), locale, country))))
  .client((locale: Locale, country: string) => fromDataRoute<Guide>(dataUrl(dataFile('country', locale, country))))

export const loadPage = createIsomorphicFn()
  .server(safely((locale: Locale, page: PageKey): View<StaticPage> => withoutBody(pageView(getContent(), locale, page))))
  .client((locale: Locale, page: PageKey) => fromDataRoute<StaticPage>(dataUrl(dataFile('page', locale, page))))

/** The key-figures comparison: always found (an empty dataset gives an empty table). */
export const loadComparison = createIsomorphicFn()
  .server(safely((locale: Locale): Comparison => comparisonData(getContent(), locale)))
  .client(async (locale: Locale): Promise<Comparison> => {
    const response = await fetch(dataUrl(dataFile('compare', locale)))
    if (!response.ok) throw new Error(`Could not load the comparison: ${response.status}`)
    return response.json()
  })

/** The comparison's table and map for a sorted or re-shaded URL: drawn by the server for that request; the browser keeps the page's. */
export const loadComparisonMarkup = createIsomorphicFn()
  .server(safely((locale: Locale, search: CompareSearch): { table: string; map: string } | null => comparisonFor(getContent(), locale, search)))
  .client((): { table: string; map: string } | null => null)

/**
 * A drawn part of the comparison where the data has none (the page's own request): on the server
 * the part itself; in the browser, hydrating that page, the markup already in its element.
 */
export const comparisonMarkup = createIsomorphicFn()
  .server(safely((locale: Locale, part: MarkupPart): string => comparisonPart(getContent(), locale, part)))
  .client((_locale: Locale, part: MarkupPart): string => document.getElementById(`kf-part-${part}`)?.innerHTML ?? '')
