/**
 * The calculator's sums (issue 24): one-off costs line by line with the rule that produced each,
 * and yields. One small rule per country (rules.ts) on the dataset's figures; the comparison page's
 * one-off column and chart are this function with its defaults (a €250,000 resale). Pure: runs on
 * the server for the form without JavaScript, and in the browser as the reader types.
 */
import type { Locale } from '../../paraglide/runtime'
import { toEur } from '../money'
import { applyFigure, type RuleContext } from './lines'
import { countryRules } from './rules'
import type { CalcData, CalcInput, CalcLine, CalcResult, LineKey } from './types'

export function calculate(data: CalcData, input: CalcInput, locale: Locale): CalcResult {
  const ctx: RuleContext = { data, input, locale }
  const parts = countryRules[data.code](ctx)
  const lines = parts.filter((p): p is CalcLine => 'amount' in p)
  const missing = parts.filter((p): p is { missing: LineKey } => 'missing' in p).map((p) => p.missing)
  const total = lines.reduce((sum, line) => sum + line.amount, 0)
  // Net yields are on the price plus every one-off cost: without a total, there are none (issue 37).
  return { lines, missing, total, share: total / input.price, yields: yields(ctx, missing.length ? null : input.price + total) }
}

/**
 * One yield definition site-wide (issue 38), as the Portugal post computes it: gross yield is a
 * year's rent on the price; the net yields are on the price plus the one-off buying costs (those
 * the result lists). While a cost has no sourced figure there is no total, so only the gross yield.
 */
function yields(ctx: RuleContext, invested: number | null): CalcResult['yields'] {
  const { input, data } = ctx
  if (input.rent === null || input.rent <= 0) return null
  const yearly = input.rent * 12
  const costs = input.costs ?? 0
  const gross = (yearly / input.price) * 100
  const net = input.costs === null || invested === null ? null : ((yearly - costs) / invested) * 100
  const figure = data.figures.figures.rentalTax
  let tax: number | null = null
  if (figure) {
    const base = figure.basis === 'net' ? Math.max(0, yearly - costs) : yearly
    // Where the rate depends on the rent (Portugal: 10% up to the moderate-rent limit), a rent above it pays the other rate.
    const limit = figure.aboveRent ? toEur(figure.aboveRent.monthlyRent, figure.aboveRent.currency, data.rates) : null
    const applied = limit !== null && input.rent > limit ? { rate: figure.aboveRent!.rate } : figure
    tax = applyFigure(ctx, applied, base)?.amount ?? null
  }
  const afterTax = tax === null || invested === null ? null : ((yearly - costs - tax) / invested) * 100
  return { gross, net, afterTax, tax }
}

/** The defaults of the comparison's example: a resale bought by a non-resident, not as a main home, in the capital's region. */
export const exampleInput = (price: number): CalcInput => ({
  price,
  kind: 'resale',
  region: null,
  resident: false,
  mainHome: false,
  area: null,
  rent: null,
  costs: null,
})
