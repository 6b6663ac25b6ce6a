/**
 * The dataset's changes (issue 37): every value's `history`, and the successors of temporary
 * values once they apply (temporal.ts adds those), as sentences in the page's language, newest
 * first: "Portugal: Rental income tax 25% → 10%, from January 2026". The guides, the comparison
 * page and the Atom feed of each language print them. Pure; the locale is an argument.
 */
import { countryName, countrySlug, type GuideCountry } from '../content/countries'
import type { ContentStore } from '../content/load.server'
import { formatDate, formatMonth } from '../i18n/format'
import { routePath } from '../i18n/paths'
import { m } from '../paraglide/messages'
import type { Locale } from '../paraglide/runtime'
import { valueText } from './cells'
import type { Currency } from './money'
import { figureLabel } from './labels'
import { valueKeys } from './keys'
import type { CountryFigures } from './schema'
import type { FigureChange } from './types'

function countryChanges(store: ContentStore, country: CountryFigures, locale: Locale): FigureChange[] {
  const code = country.country as GuideCountry
  const name = countryName(code, locale)
  const path = store.guides.has(code)
    ? routePath('/blog/countries/$country', locale, { country: countrySlug(code, locale) })
    : routePath('/blog/countries/compare', locale)
  return valueKeys.flatMap((key) => {
    const figure = country.figures[key]
    return (figure?.history ?? []).map((change) => {
      const currency = (figure?.currency ?? country.currency) as Currency
      const source = country.sources[change.source]
      const effective = change === figure?.history?.at(-1) && figure ? figure.effective : null
      return {
        code,
        key,
        date: change.date,
        dateText: formatDate(change.date, locale),
        text: m.kf_change_line(
          {
            country: name,
            figure: figureLabel(key, '', locale),
            old: valueText(change.old, locale, currency) ?? '',
            new: valueText(change.new, locale, currency) ?? '',
            month: formatMonth(effective ?? change.date.slice(0, 7), locale),
          },
          { locale },
        ),
        source: { publisher: source?.publisher ?? '', title: source?.title ?? '', url: source?.url ?? '' },
        path,
      }
    })
  })
}

/** The changes of one country, or of every country, newest first; at most `limit`. */
export function figureChanges(store: ContentStore, locale: Locale, options: { code?: GuideCountry; limit?: number } = {}): FigureChange[] {
  return store.keyFigures.countries
    .filter((c) => options.code === undefined || c.country === options.code)
    .flatMap((c) => countryChanges(store, c, locale))
    .sort((a, b) => b.date.localeCompare(a.date) || a.code.localeCompare(b.code))
    .slice(0, options.limit ?? Infinity)
}
