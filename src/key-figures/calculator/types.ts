/** The buying-cost and yield calculator (issue 24): its input, its answer and the data it runs on. Pure types. */
import type { GuideCountry } from '../../content/countries'
import type { ValueKey } from '../keys'
import type { CountryFigures, ExchangeRates } from '../schema'

export type Kind = 'resale' | 'new'

/** What the reader asks; amounts in euros. */
export type CalcInput = {
  price: number
  kind: Kind
  /** A region whose tax differs (Spain's communities); the capital's when not given. */
  region: string | null
  resident: boolean
  mainHome: boolean
  /** Floor area in m², where a rate depends on it (Cyprus' 5% VAT). */
  area: number | null
  /** Monthly rent and yearly running costs, both optional. */
  rent: number | null
  costs: number | null
}

export type LineKey = 'transferTax' | 'vat' | 'stampDuty' | 'fixedTaxes' | 'notary' | 'registry' | 'legal' | 'agent'

/** One one-off cost: its amount, the rule that produced it (in the page's language) and the figure it comes from. */
export type CalcLine = { key: LineKey; amount: number; rule: string; figure: ValueKey | null }

export type CalcResult = {
  lines: CalcLine[]
  /** Costs the dataset has no figure for: left out of the total, named on the page. */
  missing: LineKey[]
  total: number
  share: number
  /** With a rent: yields in % of the price. */
  yields: { gross: number; net: number | null; afterTax: number | null; tax: number | null } | null
}

/** What a page sends the calculator: the country's figures and the exchange rates. */
export type CalcData = {
  code: GuideCountry
  figures: CountryFigures
  rates: ExchangeRates | null
  /** Region names as the page's language writes them, by the dataset's name (absent: as written). */
  regionNames?: Record<string, string>
}

/** The same, with what the page prints beside a result: the figures' source notes and the data's month. */
export type CalcPageData = CalcData & {
  name: string
  /** The page's source note number of each figure. */
  sources: Partial<Record<string, number>>
  /** The newest month the country's figures were checked, as the locale writes it. */
  month: string
}
