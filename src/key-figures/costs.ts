/**
 * One-off costs of the comparison's example, a resale bought by a non-resident, not as a main
 * home, in the capital's region: the calculator (calculator/engine.ts) with its defaults, so the
 * comparison's column and chart, the guides' panel and the calculator agree by construction. Pure.
 */
import type { GuideCountry } from '../content/countries'
import { calculate, exampleInput } from './calculator/engine'
import type { LineKey } from './calculator/types'
import type { ValueKey } from './keys'
import type { CountryFigures, ExchangeRates } from './schema'

/** The lines a resale can have, in the order charts stack them. */
export const oneOffKeys = ['transferTax', 'stampDuty', 'fixedTaxes', 'notary', 'registry', 'legal', 'agent'] as const
type OneOffKey = (typeof oneOffKeys)[number]

/** A cost of the example and the dataset figure it comes from. */
type CostLine = { key: OneOffKey; amountEur: number; figure: ValueKey | null }
export type OneOffCosts = { lines: CostLine[]; missing: LineKey[]; totalEur: number; share: number }

export function oneOffCosts(country: CountryFigures, priceEur: number, rates: ExchangeRates | null): OneOffCosts {
  const result = calculate({ code: country.country as GuideCountry, figures: country, rates }, exampleInput(priceEur), 'en')
  const lines = result.lines.flatMap((l) => (l.key === 'vat' ? [] : [{ key: l.key, amountEur: l.amount, figure: l.figure }]))
  return { lines, missing: result.missing, totalEur: result.total, share: result.share }
}

/** The price the comparison page's example uses (issue 23): a €250,000 resale. */
export const EXAMPLE_PRICE_EUR = 250_000
