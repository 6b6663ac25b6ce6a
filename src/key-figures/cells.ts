/**
 * The dataset's figures as a page prints them, in one locale: value, qualifying lines, note, month,
 * numbered source and a sort key on one scale. The guides' panel and the comparison page both call
 * `figureCells`, so a figure reads the same in both (issue 23). Pure.
 */
import { noneText } from './none-text'
import { regionName } from './regions'
import { formatMoney, formatMoneyRange, formatMonth, formatPercent, formatPercentRange } from '../i18n/format'
import { m } from '../paraglide/messages'
import type { Locale } from '../paraglide/runtime'
import { lineNames } from './calculator/names'
import { EXAMPLE_PRICE_EUR, oneOffCosts } from './costs'
import { bandedTax, fromEur, toEur, type Currency } from './money'
import type { ValueKey } from './keys'
import type { CountryFigures, ExchangeRates, Figure } from './schema'
import type { FigureCell, FigureKey, SourceNote } from './types'

/** Translated notes: per locale, `<CC>.<path>` → text (content/key-figures/translations). */
type NoteTranslations = Partial<Record<Locale, Record<string, string>>>

export type CellContext = {
  locale: Locale
  rates: ExchangeRates | null
  notes: NoteTranslations
  /** Numbers sources in the order a page first cites them; shared by every cell of the page. */
  cite: (country: CountryFigures, id: string) => number
}

/** A page's numbered list of sources, filled as cells cite them. */
export function sourceList(): { cite: CellContext['cite']; notes: SourceNote[] } {
  const notes: SourceNote[] = []
  const numbers = new Map<string, number>()
  const cite = (country: CountryFigures, id: string) => {
    const source = country.sources[id]
    const key = source.url
    let n = numbers.get(key)
    if (n === undefined) {
      n = notes.length + 1
      numbers.set(key, n)
      notes.push({ n, publisher: source.publisher, title: source.title, url: source.url })
    }
    return n
  }
  return { cite, notes }
}

type Value = Pick<Figure, 'rate' | 'rateRange' | 'brackets' | 'amount' | 'amountRange' | 'currency' | 'none'> &
  Partial<Pick<Figure, 'because' | 'perM2'>>

const pct = (rate: number, locale: Locale) => formatPercent(rate / 100, locale)

/** A value as the locale writes it. Bands read as their lowest to highest rate (the bands follow as lines). */
export function valueText(value: Value, locale: Locale, currency: Currency): string | null {
  const cur = (value.currency ?? currency) as Currency
  if (value.none) return noneText(value.because, locale) ?? m.kf_none({}, { locale })
  if (value.rate !== undefined) return pct(value.rate, locale)
  if (value.rateRange) return formatPercentRange(value.rateRange[0] / 100, value.rateRange[1] / 100, locale)
  if (value.brackets) {
    const rates = value.brackets.map((b) => b.rate)
    return formatPercentRange(Math.min(...rates) / 100, Math.max(...rates) / 100, locale)
  }
  const amount =
    value.amount !== undefined
      ? formatMoney(value.amount, locale, cur)
      : value.amountRange
        ? formatMoneyRange(value.amountRange[0], value.amountRange[1], locale, cur)
        : null
  return amount !== null && value.perM2 ? m.kf_per_m2({ amount }, { locale }) : amount
}

function bandLines(value: Value, locale: Locale, currency: Currency) {
  if (!value.brackets || value.brackets.length < 2) return []
  const cur = (value.currency ?? currency) as Currency
  return value.brackets.map((b) => m.kf_band({ rate: pct(b.rate, locale), amount: formatMoney(b.from, locale, cur) }, { locale }))
}

function noteOf(ctx: CellContext, country: CountryFigures, path: string, english: string | undefined): Pick<FigureCell, 'note' | 'noteLang'> {
  if (!english) return { note: null }
  const translated = ctx.locale === 'en' ? english : ctx.notes[ctx.locale]?.[`${country.country}.${path}`]
  return translated ? { note: translated } : { note: english, noteLang: 'en' }
}

/**
 * A price per m² to the nearest 10 (issue 38): an average of appraisals or listings supports no
 * more (€5,033.90 read as a precision the source does not have). Downloads keep the source's value.
 */
function toTens<T extends Value>(value: T): T {
  const ten = (n: number) => Math.round(n / 10) * 10
  return {
    ...value,
    ...(value.amount !== undefined ? { amount: ten(value.amount) } : {}),
    ...(value.amountRange ? { amountRange: [ten(value.amountRange[0]), ten(value.amountRange[1])] } : {}),
  }
}

/** Reference amounts for sorting banded taxes: the example price, its rent at 6% a year, a €50,000 gain. */
const SORT_BASE_EUR: Partial<Record<FigureKey, number>> = { rentalTax: 15_000, capitalGainsTax: 50_000 }

function sortValue(key: FigureKey, figure: Figure, country: CountryFigures, rates: ExchangeRates | null): number | null {
  if (key === 'pricePerM2') {
    const cur = (figure.currency ?? country.currency) as Currency
    const amount = figure.amount ?? (figure.amountRange ? (figure.amountRange[0] + figure.amountRange[1]) / 2 : undefined)
    return amount === undefined ? null : toEur(amount, cur, rates)
  }
  if (figure.none) return 0
  // An amount per m² (Greece's ENFIA) is on no scale the other countries' rates share: not sorted.
  if (figure.perM2) return null
  if (figure.rate !== undefined) return figure.rate
  if (figure.rateRange) return (figure.rateRange[0] + figure.rateRange[1]) / 2
  const base = SORT_BASE_EUR[key] ?? EXAMPLE_PRICE_EUR
  if (figure.brackets) {
    const cur = (figure.currency ?? country.currency) as Currency
    const local = fromEur(base, cur, rates)
    return local === null ? null : (bandedTax(local, figure.brackets) / local) * 100
  }
  const cur = (figure.currency ?? country.currency) as Currency
  const amount = figure.amount ?? (figure.amountRange ? (figure.amountRange[0] + figure.amountRange[1]) / 2 : undefined)
  const eur = amount === undefined ? null : toEur(amount, cur, rates)
  return eur === null ? null : (eur / base) * 100
}

const empty = (key: FigureKey): FigureCell => ({
  key,
  text: null,
  details: [],
  note: null,
  month: null,
  checked: null,
  estimate: false,
  source: null,
  sort: null,
})

/** What a value prints of its provenance: the month it was last checked (decision 017), whether it is an estimate, its source's number. */
function provenance(ctx: CellContext, country: CountryFigures, p: { source: string; checked: string; effective?: string; estimate?: boolean }) {
  // Dates that say what they are (issue 38): "checked Nov 2026", and for a rule the month it took effect.
  const since =
    p.effective && !p.estimate && p.effective < p.checked ? { since: { month: formatMonth(p.effective, ctx.locale), iso: p.effective } } : {}
  return {
    month: formatMonth(p.checked, ctx.locale),
    checked: p.checked,
    ...since,
    estimate: p.estimate === true,
    source: ctx.cite(country, p.source),
  }
}

function figureCell(ctx: CellContext, country: CountryFigures, key: ValueKey): FigureCell {
  const figure = country.figures[key]
  if (!figure) return empty(key)
  const { locale } = ctx
  const details: string[] = []
  if (figure.region) details.push(m.kf_region_main({ region: regionName(ctx.notes, locale, country.country, figure.region) }, { locale }))
  details.push(...bandLines(figure, locale, country.currency))
  const ownSources: string[] = []
  for (const reduced of figure.reduced ?? []) {
    const condition = noteOf(ctx, country, `figures.${key}.reduced.${figure.reduced!.indexOf(reduced)}`, reduced.note).note ?? ''
    details.push(m.kf_reduced({ rate: pct(reduced.rate, locale), condition }, { locale }))
    if (reduced.source) ownSources.push(reduced.source)
  }
  for (const region of figure.regions ?? []) {
    const value = valueText(region, locale, country.currency)
    if (value) details.push(m.kf_region({ region: regionName(ctx.notes, locale, country.country, region.name), value }, { locale }))
  }
  if (figure.aboveRent) {
    const { rate, monthlyRent, currency } = figure.aboveRent
    details.push(m.kf_above_rent({ rate: pct(rate, locale), amount: formatMoney(monthlyRent, locale, currency) }, { locale }))
  }
  if (figure.basis === 'gross') details.push(m.kf_basis_gross({}, { locale }))
  if (figure.basis === 'net') details.push(m.kf_basis_net({}, { locale }))
  const inEuros = euroEquivalent(figure, country, ctx.rates, locale)
  if (inEuros) details.push(inEuros)
  // The figure's source is numbered first, then those of its other rates (cited in that order).
  const cited = provenance(ctx, country, figure)
  const also = ownSources.map((id) => ctx.cite(country, id)).filter((n) => n !== cited.source)
  return {
    key,
    text: valueText(key === 'pricePerM2' ? toTens(figure) : figure, locale, country.currency),
    details,
    ...noteOf(ctx, country, `figures.${key}`, figure.note),
    ...cited,
    ...(also.length ? { also } : {}),
    sort: sortValue(key, figure, country, ctx.rates),
  }
}

/**
 * An amount in another currency with its euro equivalent at the dataset's reference rate (issue 38:
 * local-currency amounts readers can compare), rounded to the euro, or to €10 from €1,000; null for
 * rates, euro amounts and currencies without a rate.
 */
function euroEquivalent(figure: Figure, country: CountryFigures, rates: ExchangeRates | null, locale: Locale): string | null {
  const currency = (figure.currency ?? country.currency) as Currency
  if (currency === 'EUR' || figure.brackets) return null
  const round = (eur: number) => (eur >= 1_000 ? Math.round(eur / 10) * 10 : Math.round(eur))
  const euros = (amount: number) => {
    const eur = toEur(amount, currency, rates)
    return eur === null ? null : round(eur)
  }
  if (figure.amount !== undefined) {
    const eur = euros(figure.amount)
    return eur === null ? null : m.kf_in_euros({ amount: formatMoney(eur, locale) }, { locale })
  }
  if (figure.amountRange) {
    const [low, high] = figure.amountRange.map(euros)
    return low === null || high === null ? null : m.kf_in_euros({ amount: formatMoneyRange(low, high, locale, 'EUR') }, { locale })
  }
  return null
}

function buyersCell(ctx: CellContext, country: CountryFigures): FigureCell {
  const b = country.buyers
  if (!b) return empty('buyers')
  const { locale } = ctx
  const eu = b.eu === 'free' ? m.kf_buyers_eu_free({}, { locale }) : m.kf_buyers_eu_restricted({}, { locale })
  const others = {
    free: m.kf_buyers_nonEu_free,
    reciprocity: m.kf_buyers_nonEu_reciprocity,
    permit: m.kf_buyers_nonEu_permit,
    restricted: m.kf_buyers_nonEu_restricted,
  }[b.nonEu]({}, { locale })
  const rank = (b.eu === 'free' ? 0 : 2) + { free: 0, reciprocity: 1, permit: 1, restricted: 2 }[b.nonEu]
  return { key: 'buyers', text: eu, details: [others], ...noteOf(ctx, country, 'buyers', b.note), ...provenance(ctx, country, b), sort: rank }
}

/** The lowest open threshold in euros, for sorting and the chart. */
export function lowestThresholdEur(country: CountryFigures, rates: ExchangeRates | null): number | null {
  const r = country.residence
  if (r?.status !== 'open' || !r.thresholds) return null
  const eur = r.thresholds.map((t) => toEur(t.amount, t.currency, rates)).filter((v): v is number => v !== null)
  return eur.length ? Math.min(...eur) : null
}

function residenceCell(ctx: CellContext, country: CountryFigures): FigureCell {
  const r = country.residence
  if (!r) return empty('residence')
  const { locale } = ctx
  let text: string
  const details: string[] = []
  if (r.status === 'open' && r.thresholds?.length) {
    const lowest = [...r.thresholds].sort((a, b) => a.amount - b.amount)[0]
    // A route open to any owner (Albania's permit for property owners) has no price to print: "from €0" would read as a price.
    text =
      lowest.amount === 0
        ? m.kf_residence_no_minimum({}, { locale })
        : m.kf_residence_open({ amount: formatMoney(lowest.amount, locale, lowest.currency) }, { locale })
    r.thresholds.forEach((t, i) => {
      const condition = noteOf(ctx, country, `residence.thresholds.${i}`, t.note).note ?? ''
      details.push(t.amount === 0 ? condition : m.kf_reduced({ rate: formatMoney(t.amount, locale, t.currency), condition }, { locale }))
    })
  } else if (r.status === 'closed' && r.closedOn) {
    text = m.kf_residence_closed({ month: formatMonth(r.closedOn, locale) }, { locale })
  } else text = m.kf_residence_none({}, { locale })
  return {
    key: 'residence',
    text,
    details,
    ...noteOf(ctx, country, 'residence', r.note),
    ...provenance(ctx, country, r),
    sort: lowestThresholdEur(country, ctx.rates),
  }
}

/**
 * The one-off costs of the example resale: its share of the price, with the amount as a line. A
 * total is printed only when every cost the resale pays has a sourced figure (issue 37): otherwise
 * "no total" and the costs without one, so no country's sum is compared with another's part-sum.
 */
function oneOffCell(ctx: CellContext, country: CountryFigures): FigureCell {
  const costs = oneOffCosts(country, EXAMPLE_PRICE_EUR, ctx.rates)
  // Nothing known at all: the figure is not available, like any other.
  if (costs.lines.length === 0) return empty('oneOff')
  const { locale } = ctx
  // Its month is the oldest check of the figures it adds up; its sources are theirs (cited in their cells).
  const figures = costs.lines.flatMap((l) => (l.figure ? [country.figures[l.figure]!] : []))
  const months = figures.map((f) => f.checked).sort()
  const provenance = {
    month: months.length ? formatMonth(months[0], locale) : null,
    checked: months[0] ?? null,
    estimate: figures.some((f) => f.estimate === true),
    source: country.figures.transferTax ? ctx.cite(country, country.figures.transferTax.source) : null,
  }
  if (costs.missing.length > 0)
    return {
      key: 'oneOff',
      text: m.kf_oneoff_incomplete({}, { locale }),
      details: [m.kf_oneoff_unknown({ items: costs.missing.map((key) => lineNames[key](locale)).join(', ') }, { locale })],
      note: null,
      ...provenance,
      sort: null,
    }
  return {
    key: 'oneOff',
    text: formatPercent(costs.share, locale),
    details: [formatMoney(Math.round(costs.totalEur), locale)],
    note: null,
    ...provenance,
    sort: costs.share * 100,
  }
}

export function figureCells(ctx: CellContext, country: CountryFigures, keys: readonly FigureKey[]): FigureCell[] {
  return keys.map((key) => {
    if (key === 'buyers') return buyersCell(ctx, country)
    if (key === 'residence') return residenceCell(ctx, country)
    if (key === 'oneOff') return oneOffCell(ctx, country)
    return figureCell(ctx, country, key)
  })
}
