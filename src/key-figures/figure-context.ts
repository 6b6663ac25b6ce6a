/**
 * What the guides' and the comparison's figures share: a city's name in the page's language, the
 * context cells are formatted in, and what the calculator needs of a country on a page. Pure data:
 * nothing here draws.
 */
import { countryName } from '../content/countries'
import type { ContentStore } from '../content/load.server'
import { formatMonth } from '../i18n/format'
import type { Locale } from '../paraglide/runtime'
import type { CellContext } from './cells'
import { regionsOf } from './calculator/input'
import type { CalcPageData } from './calculator/types'
import { datedFields, isFigure, newestChecked } from './dates'
import { regionName } from './regions'
import type { CountryFigures, ExchangeRates } from './schema'
import type { FigureCell } from './types'

export function cityName(store: ContentStore, locale: Locale, country: CountryFigures, which: 'capital' | 'city') {
  return (locale === 'en' ? null : store.keyFigures.notes[locale]?.[`${country.country}.${which}`]) ?? country[which]
}

export function cellContext(store: ContentStore, locale: Locale, cite: CellContext['cite']): CellContext {
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
  'because',
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

/**
 * The exchange rates without their notes and sources, for the same reason: one object per dataset,
 * so a page of eleven countries serializes it once and refers to it ten times.
 */
const slimRates = new WeakMap<ExchangeRates, ExchangeRates>()
function calcRates(rates: ExchangeRates | null): ExchangeRates | null {
  if (!rates) return null
  let slim = slimRates.get(rates)
  if (!slim) {
    slim = {
      sources: {},
      rates: Object.fromEntries(Object.entries(rates.rates).map(([code, r]) => [code, { eurPerUnit: r.eurPerUnit }])),
    } as ExchangeRates
    slimRates.set(rates, slim)
  }
  return slim
}

/** What the calculator needs of a country on a page: its figures, the page's source numbers, the data's month. */
export function calcPage(store: ContentStore, locale: Locale, country: CountryFigures, cells: FigureCell[]): CalcPageData {
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
