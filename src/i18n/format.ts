import type { Locale } from '../paraglide/runtime'

const formatters = new Map<Locale, Intl.DateTimeFormat>()

/** A content date (YYYY-MM-DD) as the locale writes it, read in UTC so no reader sees another day. */
export function formatDate(isoDate: string, locale: Locale) {
  let formatter = formatters.get(locale)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })
    formatters.set(locale, formatter)
  }
  return formatter.format(new Date(`${isoDate}T00:00:00Z`))
}
