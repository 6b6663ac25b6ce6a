/**
 * Amounts on one scale: the dataset's figures are in each country's currency; comparisons, charts
 * and the €250,000 example are in euros, converted at the dataset's sourced reference rates. Pure.
 */
import type { ExchangeRates } from './schema'

export type Currency = 'EUR' | 'ALL' | 'PLN' | 'SEK' | 'USD'

/** Euros per unit of `currency`, or null when the dataset has no rate for it. */
function eurPerUnit(rates: ExchangeRates | null, currency: Currency): number | null {
  if (currency === 'EUR') return 1
  return rates?.rates[currency]?.eurPerUnit ?? null
}

export function toEur(amount: number, currency: Currency, rates: ExchangeRates | null): number | null {
  const rate = eurPerUnit(rates, currency)
  return rate === null ? null : amount * rate
}

export function fromEur(amountEur: number, currency: Currency, rates: ExchangeRates | null): number | null {
  const rate = eurPerUnit(rates, currency)
  return rate === null ? null : amountEur / rate
}

/** Tax on `amount` under marginal bands: each rate applies to the part from its `from` to the next band's. */
export function bandedTax(amount: number, brackets: ReadonlyArray<{ from: number; rate: number }>): number {
  let tax = 0
  for (let i = 0; i < brackets.length; i++) {
    const from = brackets[i].from
    const to = i + 1 < brackets.length ? brackets[i + 1].from : Infinity
    if (amount <= from) break
    tax += ((Math.min(amount, to) - from) * brackets[i].rate) / 100
  }
  return tax
}
