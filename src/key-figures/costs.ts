/**
 * One-off costs of buying a resale home, from the dataset: the comparison page's chart and column,
 * the guides' panel, and the calculator (issue 24) all use this one function. Pure.
 *
 * Rules: a rate applies to the price; a range counts at its midpoint (the typical case, said on the
 * page); marginal bands apply in the figure's currency; a fixed amount counts as it is. A figure the
 * dataset does not have is left out and the result says it is incomplete.
 */
import { bandedTax, fromEur, toEur, type Currency } from './money'
import type { CountryFigures, ExchangeRates, Figure } from './schema'

export const oneOffKeys = ['transferTax', 'notary', 'registry', 'legal', 'agent'] as const
export type OneOffKey = (typeof oneOffKeys)[number]

export type CostRule = 'rate' | 'midpoint' | 'bands' | 'fixed' | 'none'
type CostLine = { key: OneOffKey; amountEur: number; rule: CostRule }
export type OneOffCosts = { lines: CostLine[]; missing: OneOffKey[]; totalEur: number; share: number }

/** What `figure` costs on a price of `priceEur`, in euros; null when it cannot be worked out. */
export function figureCost(
  figure: Figure,
  priceEur: number,
  currency: Currency,
  rates: ExchangeRates | null,
): { amountEur: number; rule: CostRule } | null {
  if (figure.none) return { amountEur: 0, rule: 'none' }
  if (figure.rate !== undefined) return { amountEur: (priceEur * figure.rate) / 100, rule: 'rate' }
  if (figure.rateRange) return { amountEur: (priceEur * (figure.rateRange[0] + figure.rateRange[1])) / 200, rule: 'midpoint' }
  const figureCurrency = (figure.currency ?? currency) as Currency
  if (figure.brackets) {
    const local = fromEur(priceEur, figureCurrency, rates)
    const tax = local === null ? null : toEur(bandedTax(local, figure.brackets), figureCurrency, rates)
    return tax === null ? null : { amountEur: tax, rule: 'bands' }
  }
  if (figure.amount !== undefined) {
    const eur = toEur(figure.amount, figureCurrency, rates)
    return eur === null ? null : { amountEur: eur, rule: 'fixed' }
  }
  if (figure.amountRange) {
    const eur = toEur((figure.amountRange[0] + figure.amountRange[1]) / 2, figureCurrency, rates)
    return eur === null ? null : { amountEur: eur, rule: 'midpoint' }
  }
  return null
}

export function oneOffCosts(country: CountryFigures, priceEur: number, rates: ExchangeRates | null): OneOffCosts {
  const lines: CostLine[] = []
  const missing: OneOffKey[] = []
  for (const key of oneOffKeys) {
    const figure = country.figures[key]
    const cost = figure ? figureCost(figure, priceEur, country.currency, rates) : null
    if (cost) lines.push({ key, ...cost })
    else missing.push(key)
  }
  const totalEur = lines.reduce((sum, line) => sum + line.amountEur, 0)
  return { lines, missing, totalEur, share: priceEur > 0 ? totalEur / priceEur : 0 }
}

/** The price the comparison page's example uses (issue 23): a €250,000 resale. */
export const EXAMPLE_PRICE_EUR = 250_000
