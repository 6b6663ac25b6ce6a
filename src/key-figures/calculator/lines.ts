/** The pieces every country's rule is made of: a dataset figure applied to a price, with its rule in words. Pure. */
import { noneText } from '../none-text'
import { formatMoney, formatPercent, formatPercentRange } from '../../i18n/format'
import { m } from '../../paraglide/messages'
import type { Locale } from '../../paraglide/runtime'
import { bandedTax, fromEur, toEur, type Currency } from '../money'
import type { Figure } from '../schema'
import type { CalcData, CalcInput, CalcLine, LineKey } from './types'

export type RuleContext = { data: CalcData; input: CalcInput; locale: Locale }

const pct = (rate: number, locale: Locale) => formatPercent(rate / 100, locale)

/** A rate, range, bands or amount applied to `base` euros, with its rule in words; null when the figure has no value. */
export function applyFigure(
  ctx: RuleContext,
  figure:
    | Figure
    | {
        rate?: number
        rateRange?: [number, number]
        brackets?: Figure['brackets']
        amount?: number
        amountRange?: [number, number]
        currency?: Currency
        none?: true
        because?: Figure['because']
      },
  base: number,
): { amount: number; rule: string } | null {
  const { locale, data } = ctx
  const currency = (figure.currency ?? data.figures.currency) as Currency
  if (figure.none) return { amount: 0, rule: noneText(figure.because, locale) ?? m.calc_rule_none({}, { locale }) }
  if (figure.rate !== undefined) return { amount: (base * figure.rate) / 100, rule: m.calc_rule_rate({ rate: pct(figure.rate, locale) }, { locale }) }
  if (figure.rateRange) {
    const mid = (figure.rateRange[0] + figure.rateRange[1]) / 2
    const range = formatPercentRange(figure.rateRange[0] / 100, figure.rateRange[1] / 100, locale)
    return { amount: (base * mid) / 100, rule: m.calc_rule_midpoint({ rate: pct(mid, locale), range }, { locale }) }
  }
  if (figure.brackets) {
    const local = fromEur(base, currency, data.rates)
    const tax = local === null ? null : toEur(bandedTax(local, figure.brackets), currency, data.rates)
    if (tax === null) return null
    const bands = figure.brackets
      .map((b) => m.kf_band({ rate: pct(b.rate, locale), amount: formatMoney(b.from, locale, currency) }, { locale }))
      .join('; ')
    return { amount: tax, rule: m.calc_rule_bands({ bands }, { locale }) }
  }
  if (figure.amount !== undefined) {
    const eur = toEur(figure.amount, currency, data.rates)
    return eur === null ? null : { amount: eur, rule: m.calc_rule_fixed({ amount: formatMoney(figure.amount, locale, currency) }, { locale }) }
  }
  if (figure.amountRange) {
    const mid = (figure.amountRange[0] + figure.amountRange[1]) / 2
    const eur = toEur(mid, currency, data.rates)
    const range = `${formatMoney(figure.amountRange[0], locale, currency)}–${formatMoney(figure.amountRange[1], locale, currency)}`
    return eur === null ? null : { amount: eur, rule: m.calc_rule_midpoint({ rate: formatMoney(mid, locale, currency), range }, { locale }) }
  }
  return null
}

/** A line from a dataset figure, or null (missing) when the dataset has none. */
export function figureLine(ctx: RuleContext, key: LineKey, figureKey: keyof CalcData['figures']['figures'], base = ctx.input.price): CalcLine | null {
  const figure = ctx.data.figures.figures[figureKey]
  const applied = figure ? applyFigure(ctx, figure, base) : null
  return applied ? { key, ...applied, figure: figureKey } : null
}

/** The resale transfer tax, in the reader's region when the dataset has it there. */
export function transferLine(ctx: RuleContext): CalcLine | null {
  const figure = ctx.data.figures.figures.transferTax
  if (!figure) return null
  const region = ctx.input.region ? figure.regions?.find((r) => r.name === ctx.input.region) : undefined
  const applied = applyFigure(ctx, region ?? figure, ctx.input.price)
  if (!applied) return null
  const where = region?.name ?? figure.region
  return {
    key: 'transferTax',
    amount: applied.amount,
    rule: where ? m.calc_rule_in_region({ rule: applied.rule, region: regionLabel(ctx.data, where) }, { locale: ctx.locale }) : applied.rule,
    figure: 'transferTax',
  }
}

/**
 * The fees every purchase pays, whichever the country: notary, registry, lawyer, agent. A fee the
 * dataset gives for one region only (the District of Columbia's recording fee) is not charged in
 * another: there it has no sourced figure.
 */
export function feeLines(ctx: RuleContext): Array<CalcLine | { missing: LineKey }> {
  return (['notary', 'registry', 'legal', 'agent'] as const).map((key) => {
    const figure = ctx.data.figures.figures[key]
    if (figure?.region && ctx.input.region && ctx.input.region !== figure.region) return { missing: key }
    return figureLine(ctx, key, key) ?? { missing: key }
  })
}

/** A region's name as the page's language writes it (the data carries the translations it has). */
export const regionLabel = (data: CalcData, name: string) => data.regionNames?.[name] ?? name
