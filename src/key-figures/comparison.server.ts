/**
 * The comparison of all countries as data, in one locale (passed, never read from the request):
 * each country's cells, the charts laid out, the map's shapes and shades, the calculator's pages
 * and the facts of the Dataset JSON-LD. Nothing here draws: src/page-data/comparison.server.ts has
 * the parts drawn by the components and keeps them per content store.
 */
import { countryName, countrySlug } from '../content/countries'
import type { ContentStore } from '../content/load.server'
import { formatMoney, formatMonth, formatPercent } from '../i18n/format'
import { routePath } from '../i18n/paths'
import { m } from '../paraglide/messages'
import type { Locale } from '../paraglide/runtime'
import { figureCells, sourceList } from './cells'
import { costsChart, residenceChart, yieldsChart, type ChartCountry } from './charts'
import { EXAMPLE_PRICE_EUR } from './costs'
import { figureChanges } from './changes'
import { calcPage, cellContext, cityName } from './figure-context'
import { datedFields, newestChecked } from './dates'
import { mapKeys, valueKeys } from './keys'
import { EUROPE_VIEWBOX, mapOutlines, US_VIEWBOX } from './map.server'
import { formatChange, priceChanges, priceChangesChart, quarterLabel } from './price-chart'
import { isPriceCountry } from './prices'
import type { CalcPageData } from './calculator/types'
import type { CountryFigures } from './schema'
import type { BarChart, ColumnKey, CompareRow, EuropeMapData, FigureCell, FigureChange, FigureKey, MapMetric, SourceNote } from './types'
import type { GuideCountry } from '../content/countries'

/** The full table's columns, in order: the one-off costs after their parts. */
export const compareColumns: FigureKey[] = [...valueKeys.slice(0, 6), 'oneOff', ...valueKeys.slice(6), 'buyers', 'residence']
/** The compact table's: the figures readers compare most, values only (issue 38). */
export const compactColumns: ColumnKey[] = ['oneOff', 'transferTax', 'rentalTax', 'capitalGainsTax', 'yieldCapital', 'pricePerM2', 'priceChange']
export const mapMetrics: MapMetric[] = [...mapKeys]
/** How many of the latest changes the comparison lists (the Atom feed has them all). */
const RECENT_CHANGES = 10

export type ComparisonModel = {
  locale: Locale
  rows: CompareRow[]
  /** Two sentences that answer first: where buying costs least and most, where yields are highest and lowest. */
  takeaway: string[]
  charts: Array<{ chart: BarChart; title: string; description: string }>
  map: EuropeMapData
  sources: SourceNote[]
  /** The calculator's pages (one per country) and where its form is sent. */
  calculator: { pages: CalcPageData[]; action: string }
  /** The newest month a value was checked, as the locale writes it, and as YYYY-MM. */
  updated: string | null
  modified: string | null
  examplePrice: string
  /** The latest changes of every country's figures (issue 37). */
  changes: FigureChange[]
}

/**
 * Three shades, light to dark, by the value's third of the range between the lowest and the
 * highest: three are as many as a map can keep 3:1 apart in contrast (issue 38).
 */
const SHADES = 3
function shades(rows: Array<{ code: GuideCountry; cell: FigureCell | undefined }>) {
  const values = rows.map((r) => r.cell?.sort).filter((v): v is number => v !== null && v !== undefined)
  const min = Math.min(...values)
  const max = Math.max(...values)
  const step = (max - min) / SHADES || 1
  const result: Partial<Record<GuideCountry, number | null>> = {}
  for (const r of rows) {
    const v = r.cell?.sort
    result[r.code] = v === null || v === undefined ? null : Math.min(SHADES - 1, Math.floor((v - min) / step))
  }
  const legend = values.length ? Array.from({ length: SHADES }, (_, i) => [min + i * step, min + (i + 1) * step] as const) : []
  return { result, legend }
}

/** The latest year-on-year change of nominal prices (BIS), with its quarter; null where BIS has none. */
function priceChange(store: ContentStore, code: string, locale: Locale): { text: string; sort: number } | null {
  const snapshot = store.keyFigures.prices
  const changes = snapshot && isPriceCountry(code) ? priceChanges(snapshot, code) : null
  if (!changes) return null
  return { text: `${formatChange(changes.nominal, locale)} (${quarterLabel(changes.quarter, locale)})`, sort: changes.nominal * 100 }
}

/**
 * The answer first (issue 38): the cheapest and dearest purchase among the countries whose costs
 * are all sourced, and the highest and lowest gross yield in the capital. A sentence is left out
 * when fewer than two countries have the figure.
 */
function takeaway(rows: CompareRow[], examplePrice: string, locale: Locale): string[] {
  const extremes = (key: ColumnKey) => {
    const known = rows.filter((r) => r.sort[key] != null).sort((a, b) => a.sort[key]! - b.sort[key]!)
    return known.length < 2 ? null : { low: known[0], high: known.at(-1)!, count: known.length }
  }
  const costs = extremes('oneOff')
  const yields = extremes('yieldCapital')
  return [
    ...(costs
      ? [
          m.kf_takeaway_costs(
            {
              price: examplePrice,
              low: costs.low.name,
              lowValue: costs.low.text.oneOff ?? '',
              high: costs.high.name,
              highValue: costs.high.text.oneOff ?? '',
              count: String(costs.count),
            },
            { locale },
          ),
        ]
      : []),
    ...(yields
      ? [
          m.kf_takeaway_yields(
            {
              high: yields.high.name,
              highValue: yields.high.text.yieldCapital ?? '',
              low: yields.low.name,
              lowValue: yields.low.text.yieldCapital ?? '',
            },
            { locale },
          ),
        ]
      : []),
  ]
}

export function comparisonModel(store: ContentStore, locale: Locale): ComparisonModel {
  const { cite, notes } = sourceList()
  const ctx = cellContext(store, locale, cite)
  const countries = [...store.keyFigures.countries].sort((a, b) =>
    countryName(a.country, locale).localeCompare(countryName(b.country, locale), locale),
  )
  const built = countries.map((country) => {
    const cells = Object.fromEntries(figureCells(ctx, country, compareColumns).map((c) => [c.key, c])) as Partial<Record<FigureKey, FigureCell>>
    const name = countryName(country.country, locale)
    const guide = store.guides.has(country.country)
      ? routePath('/blog/countries/$country', locale, { country: countrySlug(country.country, locale) })
      : null
    return { country, name, cells, capital: cityName(store, locale, country, 'capital'), city: cityName(store, locale, country, 'city'), guide }
  })
  const rows: CompareRow[] = built.map((b) => {
    const change = priceChange(store, b.country.country, locale)
    return {
      code: b.country.country,
      name: b.name,
      guideHref: b.guide,
      cells: b.cells,
      text: {
        ...Object.fromEntries(compareColumns.map((k) => [k, b.cells[k]?.text ?? null])),
        priceChange: change?.text ?? (isPriceCountry(b.country.country) ? null : m.kf_prices_not_covered({}, { locale })),
      },
      sort: { ...Object.fromEntries(compareColumns.map((k) => [k, b.cells[k]?.sort ?? null])), priceChange: change?.sort ?? null },
    }
  })
  const chartCountries: ChartCountry[] = built.map((b) => ({ figures: b.country, name: b.name, capital: b.capital, city: b.city }))
  const statusText = (c: CountryFigures) => built.find((b) => b.country === c)?.cells.residence?.text ?? m.kf_not_available({}, { locale })
  const examplePrice = formatMoney(EXAMPLE_PRICE_EUR, locale)
  // The costs chart compares complete sums only: the countries it leaves out are named under it.
  const leftOut = rows.filter((r) => r.cells.oneOff && r.cells.oneOff.sort === null).map((r) => r.name)
  const charts = [
    {
      chart: costsChart(chartCountries, store.keyFigures.rates, locale),
      title: m.kf_chart_costs_title({ price: examplePrice }, { locale }),
      description: [
        m.kf_chart_costs_desc({}, { locale }),
        ...(leftOut.length ? [m.kf_chart_costs_left_out({ countries: leftOut.join(', ') }, { locale })] : []),
      ].join(' '),
    },
    {
      chart: yieldsChart(chartCountries, locale),
      title: m.kf_chart_yields_title({}, { locale }),
      description: m.kf_chart_yields_desc({}, { locale }),
    },
    {
      chart: residenceChart(chartCountries, store.keyFigures.rates, locale, statusText),
      title: m.kf_chart_residence_title({}, { locale }),
      description: m.kf_chart_residence_desc({}, { locale }),
    },
    ...(store.keyFigures.prices
      ? [
          {
            chart: priceChangesChart(
              store.keyFigures.prices,
              built.map((b) => ({ code: b.country.country, name: b.name })),
              locale,
            ),
            title: m.kf_chart_prices_title({}, { locale }),
            description: m.kf_chart_prices_desc({}, { locale }),
          },
        ]
      : []),
  ]
  const outlines = mapOutlines()
  const map: EuropeMapData = {
    viewBox: EUROPE_VIEWBOX,
    land: outlines.land(rows.map((r) => r.code)),
    shapes: outlines.europe.flatMap((o) => {
      const row = rows.find((r) => r.code === o.alpha2)
      return row ? [{ code: row.code, d: o.d, name: row.name }] : []
    }),
    horizon: outlines.horizon,
    us: { viewBox: US_VIEWBOX, d: outlines.us },
    markers: outlines.markers.map((marker) => ({
      code: marker.alpha2,
      name: countryName(marker.alpha2, locale),
      x: marker.x,
      y: marker.y,
      guide: rows.some((r) => r.code === marker.alpha2),
    })),
    metrics: Object.fromEntries(
      mapMetrics.map((metric) => {
        const { result, legend } = shades(built.map((b) => ({ code: b.country.country, cell: b.cells[metric] })))
        const label = (v: number) =>
          metric === 'pricePerM2' ? formatMoney(Math.round(v / 10) * 10, locale) : formatPercent(Math.round(v * 10) / 1000, locale)
        return [metric, { shades: result, legend: legend.map(([a, b]) => `${label(a)} – ${label(b)}`) }]
      }),
    ) as EuropeMapData['metrics'],
  }
  const latest = newestChecked(store.keyFigures.countries.flatMap(datedFields))
  return {
    locale,
    rows,
    takeaway: takeaway(rows, examplePrice, locale),
    charts,
    map,
    sources: notes,
    calculator: {
      pages: built.map((b) => calcPage(store, locale, b.country, Object.values(b.cells) as FigureCell[])),
      action: `${routePath('/blog/countries/compare', locale)}#calculator`,
    },
    updated: latest ? formatMonth(latest, locale) : null,
    modified: latest,
    examplePrice,
    changes: figureChanges(store, locale, { limit: RECENT_CHANGES }),
  }
}
