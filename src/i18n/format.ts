import type { Locale } from '../paraglide/runtime'

const formatters = new Map<Locale, Intl.DateTimeFormat>()
/** Dates already written: a page shows the same few dates on every request, and Intl is slow to format. */
const written = new Map<string, string>()
const MAX_WRITTEN = 10_000

/** A content date (YYYY-MM-DD, or an instant in UTC) as the locale writes it, read in UTC so no reader sees another day. */
export function formatDate(isoDate: string, locale: Locale) {
  const key = `${locale} ${isoDate}`
  let text = written.get(key)
  if (text !== undefined) return text
  let formatter = formatters.get(locale)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })
    formatters.set(locale, formatter)
  }
  text = formatter.format(new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate))
  if (written.size >= MAX_WRITTEN) written.clear()
  written.set(key, text)
  return text
}

const dateTimes = new Map<Locale, Intl.DateTimeFormat>()

/** An instant with its time, in UTC, as the locale writes it (for an editor's scheduled post). */
export function formatDateTime(iso: string, locale: Locale) {
  let formatter = dateTimes.get(locale)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })
    dateTimes.set(locale, formatter)
  }
  return `${formatter.format(new Date(iso))} UTC`
}

/** The Intl tag for a site locale: our `pt` is Portugal's Portuguese, where Intl's `pt` is Brazil's. */
const numberTag = (locale: Locale) => (locale === 'pt' ? 'pt-PT' : locale)

const moneyFormats = new Map<string, Intl.NumberFormat>()

/**
 * An amount as the site writes it in the locale (€300,000, 300.000 €, € 300.000, 300 000 €): the
 * symbol, never the code, and no cents on a whole amount. Content is checked against this form
 * (src/content/typography/numbers.ts).
 */
export function formatMoney(amount: number, locale: Locale, currency = 'EUR') {
  const key = `${locale} ${currency}`
  let formatter = moneyFormats.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(numberTag(locale), {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      trailingZeroDisplay: 'stripIfInteger',
    })
    moneyFormats.set(key, formatter)
  }
  return formatter.format(amount)
}

const percentFormats = new Map<Locale, Intl.NumberFormat>()

/** A fraction as a percentage the way the locale writes it (0.0309 → 3.09% in en, 3,09 % in de). */
export function formatPercent(fraction: number, locale: Locale) {
  let formatter = percentFormats.get(locale)
  if (!formatter) {
    formatter = new Intl.NumberFormat(numberTag(locale), { style: 'percent', maximumFractionDigits: 2 })
    percentFormats.set(locale, formatter)
  }
  return formatter.format(fraction)
}

const percentRanges = new Map<Locale, Intl.NumberFormat>()

/** Two fractions as a range of percentages (0.04, 0.06 → 4%–6% in en, 4–6 % in de). */
export function formatPercentRange(from: number, to: number, locale: Locale) {
  if (from === to) return formatPercent(from, locale)
  let formatter = percentRanges.get(locale)
  if (!formatter) {
    formatter = new Intl.NumberFormat(numberTag(locale), { style: 'percent', maximumFractionDigits: 2 })
    percentRanges.set(locale, formatter)
  }
  return formatter.formatRange(from, to)
}

/** Two amounts as a range (€500–€1,000 in en, 500–1.000 € in de). */
export function formatMoneyRange(from: number, to: number, locale: Locale, currency = 'EUR') {
  if (from === to) return formatMoney(from, locale, currency)
  formatMoney(from, locale, currency)
  const formatter = moneyFormats.get(`${locale} ${currency}`)
  return formatter ? formatter.formatRange(from, to) : `${formatMoney(from, locale, currency)}–${formatMoney(to, locale, currency)}`
}

const months = new Map<Locale, Intl.DateTimeFormat>()

/** A month (YYYY-MM) as the locale writes it: Nov 2026, nov. 2026, Νοε 2026. */
export function formatMonth(month: string, locale: Locale) {
  let formatter = months.get(locale)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(numberTag(locale), { month: 'short', year: 'numeric', timeZone: 'UTC' })
    months.set(locale, formatter)
  }
  return formatter.format(new Date(`${month}-01T00:00:00Z`))
}
