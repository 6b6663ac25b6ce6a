/**
 * A guide's key figures as data, in one locale (passed, never read from the request): the costs
 * table, the panel, their sources, the calculator's pages and the price trend. Nothing here draws:
 * src/page-data/guide.server.ts has the calculator's form and the price chart drawn by the
 * components, and keeps the result per content store.
 */
import { countrySlug, type GuideCountry } from '../content/countries'
import type { ContentStore } from '../content/load.server'
import { formatMoney } from '../i18n/format'
import { routePath } from '../i18n/paths'
import type { Locale } from '../paraglide/runtime'
import { figureCells, sourceList } from './cells'
import { EXAMPLE_PRICE_EUR } from './costs'
import { valueKeys } from './keys'
import { figureChanges } from './changes'
import { calcPage, cellContext, cityName } from './figure-context'
import { priceChart, type PriceChart } from './price-chart'
import { isPriceCountry, type PriceSnapshot } from './prices'
import type { CalcPageData } from './calculator/types'
import type { FigureCell, FigureChange, FigureKey, SourceNote } from './types'

/** The guide's panel (beside the text) and its costs table (in the text, where the marker is). */
const panelKeys = ['pricePerM2', 'yieldCapital', 'yieldCity', 'oneOff', 'ltv', 'buyers', 'residence'] as const satisfies readonly FigureKey[]
/** The values from the transfer tax to the capital gains tax: what buying, owning and selling cost. */
const costKeys = valueKeys.slice(0, 9)

/** A guide's price trend (decision 026): the chart, or, for the country BIS does not cover (Albania), that it does not. */
export type PriceTrendData = { kind: 'chart'; chart: PriceChart } | { kind: 'not-covered' }

export type GuideFigureData = {
  costs: FigureCell[]
  panel: FigureCell[]
  sources: SourceNote[]
  capital: string
  city: string
  examplePrice: string
  /** The calculator's page and where its form is sent. */
  calculator: { pages: CalcPageData[]; action: string }
  prices: PriceTrendData | null
  changes: FigureChange[]
}

/** The price trend for a country BIS covers; for Albania, that it is not covered; null without a snapshot. */
function priceTrend(snapshot: PriceSnapshot | null, code: string, locale: Locale): PriceTrendData | null {
  if (!snapshot) return null
  if (isPriceCountry(code)) return { kind: 'chart', chart: priceChart(snapshot, code, locale) }
  return code === 'AL' && snapshot.notCovered.includes(code) ? { kind: 'not-covered' } : null
}

/** A guide's key figures, or null when the dataset has no file for the country. */
export function guideFigureData(store: ContentStore, locale: Locale, code: GuideCountry): GuideFigureData | null {
  const country = store.keyFigures.countries.find((c) => c.country === code)
  if (!country) return null
  const { cite, notes } = sourceList()
  const ctx = cellContext(store, locale, cite)
  const costs = figureCells(ctx, country, costKeys)
  const panel = figureCells(ctx, country, panelKeys)
  return {
    costs,
    panel,
    sources: notes,
    capital: cityName(store, locale, country, 'capital'),
    city: cityName(store, locale, country, 'city'),
    examplePrice: formatMoney(EXAMPLE_PRICE_EUR, locale),
    calculator: {
      pages: [calcPage(store, locale, country, [...costs, ...panel])],
      action: `${routePath('/blog/countries/$country', locale, { country: countrySlug(code, locale) })}#calculator`,
    },
    prices: priceTrend(store.keyFigures.prices, code, locale),
    changes: figureChanges(store, locale, { code }),
  }
}
