import type { Locale } from '../paraglide/runtime'

const formatters = new Map<Locale, Intl.DateTimeFormat>()

/** A content date (YYYY-MM-DD, or an instant in UTC) as the locale writes it, read in UTC so no reader sees another day. */
export function formatDate(isoDate: string, locale: Locale) {
  let formatter = formatters.get(locale)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })
    formatters.set(locale, formatter)
  }
  return formatter.format(new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate))
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
