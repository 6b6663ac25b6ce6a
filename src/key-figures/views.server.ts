/**
 * What the guides and the comparison page receive from the key-figures dataset, in one locale.
 * Memoized per content store and locale (a reload or a publication builds them again).
 */
import { countryName, countrySlug, type GuideCountry } from '../content/countries'
import type { ContentStore } from '../content/load.server'
import { perStore } from '../content/per-store'
import { calculatorMarkup, chartsMarkup, landMarkup, mapMarkup, rowMarkup, sourcesMarkup, tableMarkup } from '../components/key-figures/markup.server'
import { figureLabel } from '../components/key-figures/labels'
import { priceTrendMarkup } from '../components/key-figures/prices.server'
import { inLocale } from '../framework/locale-request.server'
import { formatMoney, formatMonth, formatPercent } from '../i18n/format'
import { routePath } from '../i18n/paths'
import { m } from '../paraglide/messages'
import type { Locale } from '../paraglide/runtime'
import { figureCells, sourceList, type CellContext } from './cells'
import { costsChart, residenceChart, yieldsChart, type ChartCountry } from './charts'
import { priceChangesChart } from './price-chart'
import { regionName } from './regions'
import { regionsOf } from './calculator/input'
import { EXAMPLE_PRICE_EUR } from './costs'
import { EUROPE_VIEWBOX, mapOutlines, US_VIEWBOX } from './map.server'
import type { CalcPageData } from './calculator/types'
import { datedFields, isFigure, newestChecked } from './dates'
import { mapKeys, printedKeys, valueKeys } from './keys'
import { sortRows, type CompareSearch } from './sort'
import type { CountryFigures, ExchangeRates } from './schema'
import type { Comparison, CompareRow, EuropeMap, FigureCell, FigureKey, GuideFigures, MapMetric, MarkupPart } from './types'

/** The guide's panel (beside the text) and its costs table (in the text, where the marker is). */
const panelKeys = ['pricePerM2', 'yieldCapital', 'yieldCity', 'oneOff', 'ltv', 'buyers', 'residence'] as const satisfies readonly FigureKey[]
const costKeys = valueKeys.slice(0, 9)
/** The comparison table's columns, in order: the one-off costs after their parts. */
const compareColumns: FigureKey[] = [...valueKeys.slice(0, 6), 'oneOff', ...valueKeys.slice(6), 'buyers', 'residence']
const mapMetrics: MapMetric[] = [...mapKeys]

function cityName(store: ContentStore, locale: Locale, country: CountryFigures, which: 'capital' | 'city') {
  return (locale === 'en' ? null : store.keyFigures.notes[locale]?.[`${country.country}.${which}`]) ?? country[which]
}

function context(store: ContentStore, locale: Locale, cite: CellContext['cite']): CellContext {
  return { locale, rates: store.keyFigures.rates, notes: store.keyFigures.notes, cite }
}

const calcKeys = ['transferTax', 'vatNewBuild', 'notary', 'registry', 'legal', 'agent', 'rentalTax'] as const
const valueFields = [
  'rate',
  'rateRange',
  'brackets',
  'amount',
  'amountRange',
  'currency',
  'none',
  'region',
  'basis',
  'aboveRent',
  'effective',
  'checked',
] as const

/** A country's figures with only what the rules read: the page carries them to the browser. */
function calcFigures(country: CountryFigures): CountryFigures {
  const pick = <T extends object>(value: T, fields: readonly string[]) =>
    Object.fromEntries(Object.entries(value).filter(([k]) => fields.includes(k))) as Partial<T>
  const figures = Object.fromEntries(
    calcKeys.flatMap((key) => {
      const f = country.figures[key]
      if (!f) return []
      return [
        [
          key,
          {
            ...pick(f, valueFields),
            ...(f.reduced ? { reduced: f.reduced.map((r) => ({ rate: r.rate })) } : {}),
            ...(f.regions ? { regions: f.regions.map((r) => pick(r, ['name', ...valueFields])) } : {}),
          },
        ],
      ]
    }),
  )
  return {
    country: country.country,
    currency: country.currency,
    capital: country.capital,
    city: country.city,
    sources: {},
    figures,
  } as CountryFigures
}

/** The exchange rates without their notes and sources, for the same reason. */
function calcRates(rates: ExchangeRates | null): ExchangeRates | null {
  if (!rates) return null
  return {
    sources: {},
    rates: Object.fromEntries(Object.entries(rates.rates).map(([code, r]) => [code, { eurPerUnit: r.eurPerUnit }])),
  } as ExchangeRates
}

/** What the calculator needs of a country on a page: its figures, the page's source numbers, the data's month. */
function calcPage(store: ContentStore, locale: Locale, country: CountryFigures, cells: FigureCell[]): CalcPageData {
  const sources = Object.fromEntries(cells.filter((c) => c.source !== null).map((c) => [c.key, c.source as number]))
  const newest = newestChecked(datedFields(country).filter(isFigure))
  const regionNames = Object.fromEntries(
    regionsOf(country)
      .map((name) => [name, regionName(store.keyFigures.notes, locale, country.country, name)])
      .filter(([name, label]) => name !== label),
  )
  return {
    code: country.country,
    figures: calcFigures(country),
    rates: calcRates(store.keyFigures.rates),
    ...(Object.keys(regionNames).length > 0 ? { regionNames } : {}),
    name: countryName(country.country, locale),
    sources,
    month: newest ? formatMonth(newest, locale) : '',
  }
}

// Drawn in the guide's locale whichever request builds it first (a data file is read in the reader's).
const guideFiguresCache = perStore((store, key: `${Locale} ${GuideCountry}`) =>
  inLocale(key.split(' ')[0] as Locale, () => buildGuideFigures(store, key)),
)

function buildGuideFigures(store: ContentStore, key: `${Locale} ${GuideCountry}`): { figures: GuideFigures | null } {
  const [locale, code] = key.split(' ') as [Locale, GuideCountry]
  const country = store.keyFigures.countries.find((c) => c.country === code)
  if (!country) return { figures: null }
  const { cite, notes } = sourceList()
  const ctx = context(store, locale, cite)
  const costs = figureCells(ctx, country, costKeys)
  const panel = figureCells(ctx, country, panelKeys)
  const page = calcPage(store, locale, country, [...costs, ...panel])
  const action = `${routePath('/blog/countries/$country', locale, { country: countrySlug(code, locale) })}#calculator`
  const figures: GuideFigures = {
    costs,
    panel,
    sources: notes,
    calculator: { html: calculatorMarkup(locale, action, {}, [page]).html, pages: [page] },
    capital: cityName(store, locale, country, 'capital'),
    city: cityName(store, locale, country, 'city'),
    examplePrice: formatMoney(EXAMPLE_PRICE_EUR, locale),
    prices: priceTrendMarkup(store.keyFigures.prices, code, locale),
  }
  return { figures }
}

/** A guide's key figures, or null when the dataset has no file for the country. */
export function guideFigures(store: ContentStore, locale: Locale, code: GuideCountry): GuideFigures | null {
  return guideFiguresCache(store, `${locale} ${code}`).figures
}

/** Five shades, light to dark, by the value's place between the lowest and the highest. */
function shades(rows: Array<{ code: GuideCountry; cell: FigureCell | undefined }>) {
  const values = rows.map((r) => r.cell?.sort).filter((v): v is number => v !== null && v !== undefined)
  const min = Math.min(...values)
  const max = Math.max(...values)
  const step = (max - min) / 5 || 1
  const result: Partial<Record<GuideCountry, number | null>> = {}
  for (const r of rows) {
    const v = r.cell?.sort
    result[r.code] = v === null || v === undefined ? null : Math.min(4, Math.floor((v - min) / step))
  }
  const legend = values.length ? [0, 1, 2, 3, 4].map((i) => [min + i * step, min + (i + 1) * step] as const) : []
  return { result, legend }
}

const modelCache = perStore((store, locale: Locale): { model: ComparisonModel } => inLocale(locale, () => buildModel(store, locale)))

function buildModel(store: ContentStore, locale: Locale): { model: ComparisonModel } {
  const { cite, notes } = sourceList()
  const ctx = context(store, locale, cite)
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
  const pages = built.map((b) => calcPage(store, locale, b.country, Object.values(b.cells) as FigureCell[]))
  const rows: CompareRow[] = built.map((b) => ({
    code: b.country.country,
    name: b.name,
    text: Object.fromEntries(compareColumns.map((k) => [k, b.cells[k]?.text ?? null])),
    sort: Object.fromEntries(compareColumns.map((k) => [k, b.cells[k]?.sort ?? null])),
    html: rowMarkup({ name: b.name, guideHref: b.guide }, compareColumns, b.cells),
  }))
  const chartCountries: ChartCountry[] = built.map((b) => ({ figures: b.country, name: b.name, capital: b.capital, city: b.city }))
  const statusText = (c: CountryFigures) => built.find((b) => b.country === c)?.cells.residence?.text ?? m.kf_not_available({}, { locale })
  const examplePrice = formatMoney(EXAMPLE_PRICE_EUR, locale)
  const charts = chartsMarkup([
    {
      chart: costsChart(chartCountries, store.keyFigures.rates, locale),
      title: m.kf_chart_costs_title({ price: examplePrice }, { locale }),
      description: m.kf_chart_costs_desc({}, { locale }),
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
  ])
  const outlines = mapOutlines()
  const map: EuropeMap = {
    viewBox: EUROPE_VIEWBOX,
    land: landMarkup(outlines.europe.filter((o) => !rows.some((r) => r.code === o.alpha2)).map((o) => o.d)),
    shapes: outlines.europe.flatMap((o) => {
      const row = rows.find((r) => r.code === o.alpha2)
      return row ? [{ code: row.code, d: o.d, name: row.name }] : []
    }),
    us: { viewBox: US_VIEWBOX, d: outlines.us },
    metrics: Object.fromEntries(
      mapMetrics.map((metric) => {
        const { result, legend } = shades(built.map((b) => ({ code: b.country.country, cell: b.cells[metric] })))
        const label = (v: number) =>
          metric === 'pricePerM2' ? formatMoney(Math.round(v / 10) * 10, locale) : formatPercent(Math.round(v * 10) / 1000, locale)
        return [metric, { shades: result, legend: legend.map(([a, b]) => `${label(a)} – ${label(b)}`) }]
      }),
    ) as EuropeMap['metrics'],
  }
  const latest = newestChecked(store.keyFigures.countries.flatMap(datedFields))
  const labels = Object.fromEntries(printedKeys.map((key) => [key, figureLabel(key, examplePrice)])) as Record<FigureKey, string>
  const model = { rows, map, labels, locale }
  const defaults = comparisonMarkup(model, {})
  return {
    model: {
      ...model,
      view: {
        markup: {
          table: defaults.table,
          map: defaults.map,
          charts,
          sources: sourcesMarkup(notes),
          calculator: calculatorMarkup(locale, `${routePath('/blog/countries/compare', locale)}#calculator`, {}, pages).html,
        },
        countries: rows.map((r) => r.name),
        updated: latest ? formatMonth(latest, locale) : null,
        modified: latest,
        examplePrice,
        sourceUrls: notes.map((n) => n.url),
        calculatorPages: pages,
      },
    },
  }
}

type ComparisonModel = { rows: CompareRow[]; map: EuropeMap; labels: Record<FigureKey, string>; locale: Locale; view: Comparison }

/** The comparison as its data file gives it, with its parts drawn (the table and map in their default order and shading). */
export function comparisonView(store: ContentStore, locale: Locale): Comparison {
  return modelCache(store, locale).model.view
}

/** The same without the drawn parts: what the page's own request carries to the browser. */
export function comparisonData(store: ContentStore, locale: Locale): Comparison {
  const rest = { ...modelCache(store, locale).model.view }
  delete rest.markup
  return rest
}

/** One drawn part of the default comparison, for the page's server render. */
export function comparisonPart(store: ContentStore, locale: Locale, part: MarkupPart): string {
  return modelCache(store, locale).model.view.markup?.[part] ?? ''
}

/** The rows behind the comparison, each figure's text and sort key (the guides' test compares them). */
export function comparisonRows(store: ContentStore, locale: Locale): CompareRow[] {
  return modelCache(store, locale).model.rows
}

/** The table sorted and the map shaded as a URL asks (`?sort=&dir=&map=`), drawn for that request. */
export function comparisonFor(store: ContentStore, locale: Locale, search: CompareSearch): { table: string; map: string } {
  const model = modelCache(store, locale).model
  return inLocale(locale, () => comparisonMarkup(model, search))
}

function comparisonMarkup(model: Pick<ComparisonModel, 'rows' | 'map' | 'labels' | 'locale'>, search: CompareSearch) {
  const base = routePath('/blog/countries/compare', model.locale)
  const href = (next: CompareSearch) => {
    const query = new URLSearchParams(Object.entries(next).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : []))).toString()
    return `${base}${query ? `?${query}` : ''}#${next.map !== search.map ? 'kf-map' : 'kf-table'}`
  }
  const rows = sortRows(model.rows, search.sort, search.dir, model.locale)
  return {
    table: tableMarkup({ rows, columns: compareColumns, labels: model.labels, search, href }),
    map: mapMarkup({ map: model.map, rows, metrics: mapMetrics, labels: model.labels, search, href }),
  }
}
