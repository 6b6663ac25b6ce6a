/**
 * What a page receives about the key figures: every value already formatted in the page's locale
 * on the server, so guides and the comparison page print the same text and the browser needs no
 * Intl data or dataset code. Imports nothing server-side.
 */
import type { GuideCountry } from '../content/countries'
import type { CalcPageData } from './calculator/types'
import type { mapKeys, printedKeys, ValueKey } from './keys'

export type FigureKey = (typeof printedKeys)[number]
/** A column of the comparison: a figure, or the latest year-on-year change of prices (BIS). */
export type ColumnKey = FigureKey | 'priceChange'

/** One figure as printed: its value, the lines that qualify it, its month and its numbered source. */
export type FigureCell = {
  key: FigureKey
  /** The value as the locale writes it; null: not available. */
  text: string | null
  /** Bands, regions, reduced rates and the like, one line each. */
  details: string[]
  /** Further sources' numbers: those of the figure's other rates that cite their own (Portugal's IMT for non-residents). */
  also?: number[]
  /** What the number means, in the page's language (or in English, `noteLang: 'en'`, until translated). */
  note: string | null
  noteLang?: 'en'
  /** The month it was last checked against its source, as the locale writes it, and as YYYY-MM. */
  month: string | null
  checked: string | null
  /** For a rule (not a market estimate) older than its check: the month it took effect, as the locale writes it, and as YYYY-MM. */
  since?: { month: string; iso: string }
  estimate: boolean
  /** The number of its note in the page's list of sources. */
  source: number | null
  /** For sorting and shading: a number on one scale across countries (rates in %, amounts in €). */
  sort: number | null
}

export type SourceNote = { n: number; publisher: string; title: string; url: string }

/** A guide's key figures. */
export type GuideFigures = {
  /** The figures of the aside panel (market, access) and of the costs table in the text. */
  panel: FigureCell[]
  costs: FigureCell[]
  sources: SourceNote[]
  capital: string
  city: string
  /** The example resale's price as the locale writes it (the one-off costs' label). */
  examplePrice: string
  /** The calculator: its blank form drawn on the server, and what it computes with. */
  calculator: { html: string; pages: CalcPageData[] }
  /** The price-index chart (or, for Albania, why there is none), drawn on the server; decision 026. */
  prices: string | null
  /** The country's figure changes, newest first (issue 37), drawn on the server; null when it has none. */
  changes: string | null
  /** The newsletter's sign-up with this country ticked (issue 39), drawn on the server. */
  signUp: string
}

/** The paragraph a guide's Markdown holds where the dataset's cost table goes. */
export const KEY_FIGURES_MARKER = '<p>[[key-figures]]</p>'
export const KEY_FIGURES_MARKER_TEXT = '[[key-figures]]'

export type CompareRow = {
  code: GuideCountry
  name: string
  /** The country's guide in the page's language, if it has one. */
  guideHref: string | null
  cells: Partial<Record<FigureKey, FigureCell>>
  /** Each column's value as printed (the map's labels) and its sort key on one scale. */
  text: Partial<Record<ColumnKey, string | null>>
  sort: Partial<Record<ColumnKey, number | null>>
}

/** A bar in viewBox units; `lane` 0 or 1 when a row has two bars one under the other. */
export type Bar = { label: string; x: number; width: number; lane: number; className: string; title: string }

/** A horizontal bar chart laid out on the server in viewBox units. */
export type BarChart = {
  width: number
  height: number
  /** Where the bars start (after the labels' column) and the axis ticks. */
  ticks: Array<{ x: number; label: string }>
  rows: Array<{ y: number; label: string; value: string; bars: Bar[] }>
  legend: Array<{ label: string; className: string }>
  /** The chart's data as a table: the text alternative. */
  table: { head: string[]; rows: string[][] }
}

export type MapMetric = (typeof mapKeys)[number]

export type EuropeMapData = {
  viewBox: string
  /** The countries without figures as one shape and their borders as one line (the same whatever the shading). */
  land: { fill: string; borders: string }
  /** The guide countries in Europe, shaded by the chosen figure. */
  shapes: Array<{ code: GuideCountry; d: string; name: string }>
  /** The circle where Europe's view ends (the projection's horizon). */
  horizon: string
  /** The United States, drawn apart in its own box at Europe's scale. */
  us: { viewBox: string; d: string }
  /** Countries too small to find on a phone, each marked by a circle (issue 38): shaded when it is a guide country. */
  markers: Array<{ code: string; name: string; x: number; y: number; guide: boolean }>
  /** Per figure: each guide country's shade (0–2, or null: no data), and the legend. */
  metrics: Record<MapMetric, { shades: Partial<Record<GuideCountry, number | null>>; legend: string[] }>
}

/** The map as its view draws it: the countries without figures already drawn, once. */
export type EuropeMap = Omit<EuropeMapData, 'land'> & { land: string }

/** The comparison's parts drawn on the server, each in its own element of the page. */
export type MarkupPart = 'table' | 'map' | 'charts' | 'sources' | 'calculator' | 'changes' | 'signUp'

/**
 * The comparison as its page receives it: the calculator's data, the JSON-LD's facts, and the
 * parts drawn on the server (`markup`). The page's own request leaves `markup` out of the data it
 * carries to the browser, which reads each part from the element it is in (decision 017); a
 * client-side navigation fetches the data file, which has them.
 */
export type Comparison = {
  markup?: Record<MarkupPart, string>
  /** The answer first (issue 38): two sentences on the cheapest and dearest purchase and the best and worst yield. */
  takeaway: string[]
  /** The countries' names, for the Dataset JSON-LD. */
  countries: string[]
  /** The newest month a value was checked, as the locale writes it, and as YYYY-MM. */
  updated: string | null
  modified: string | null
  examplePrice: string
  calculatorPages: CalcPageData[]
}

/** One change of a figure, as the pages and the Atom feed print it (src/key-figures/changes.ts). */
export type FigureChange = {
  code: GuideCountry
  key: ValueKey
  /** The day the dataset changed (YYYY-MM-DD), and as the locale writes it. */
  date: string
  dateText: string
  /** The whole change in one sentence of the page's language. */
  text: string
  /** Where the new value comes from. */
  source: { publisher: string; title: string; url: string }
  /** The country's guide in the page's language (or the comparison when it has none). */
  path: string
}
