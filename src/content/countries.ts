/**
 * Country codes and names. Codes come from countries-list, names in our 18 languages from
 * i18n-iso-countries; `nameOverrides` fills what the package spells officially or awkwardly.
 */
import slugify from '@sindresorhus/slugify'
import { guideCountries, type GuideCountry } from './guide-countries'
import { countries, getCountryCode, type TCountryCode } from 'countries-list'
import countryNames from 'i18n-iso-countries'
import bg from 'i18n-iso-countries/langs/bg.json'
import cs from 'i18n-iso-countries/langs/cs.json'
import de from 'i18n-iso-countries/langs/de.json'
import el from 'i18n-iso-countries/langs/el.json'
import en from 'i18n-iso-countries/langs/en.json'
import es from 'i18n-iso-countries/langs/es.json'
import fi from 'i18n-iso-countries/langs/fi.json'
import fr from 'i18n-iso-countries/langs/fr.json'
import hu from 'i18n-iso-countries/langs/hu.json'
import it from 'i18n-iso-countries/langs/it.json'
import nl from 'i18n-iso-countries/langs/nl.json'
import no from 'i18n-iso-countries/langs/no.json'
import pl from 'i18n-iso-countries/langs/pl.json'
import pt from 'i18n-iso-countries/langs/pt.json'
import ro from 'i18n-iso-countries/langs/ro.json'
import sq from 'i18n-iso-countries/langs/sq.json'
import sv from 'i18n-iso-countries/langs/sv.json'
import uk from 'i18n-iso-countries/langs/uk.json'
import type { Locale } from '../paraglide/runtime'

for (const data of [bg, cs, de, el, en, es, fi, fr, hu, it, nl, no, pl, pt, ro, sq, sv, uk]) {
  countryNames.registerLocale(data)
}

// The guide countries are declared apart, so a browser form can list them without these names.
export { guideCountries, type GuideCountry }

/**
 * Names the package gives in an official long form ("Republiek Polen", "United States of America")
 * or not at all in the everyday form a reader searches for.
 */
const nameOverrides: Partial<Record<string, Partial<Record<Locale, string>>>> = {
  US: {
    en: 'United States',
    de: 'Vereinigte Staaten',
    fr: 'États-Unis',
    it: 'Stati Uniti',
    nl: 'Verenigde Staten',
    cs: 'Spojené státy',
    hu: 'Egyesült Államok',
    ro: 'Statele Unite',
    bg: 'Съединените щати',
    el: 'Ηνωμένες Πολιτείες',
    sq: 'Shtetet e Bashkuara',
    uk: 'Сполучені Штати',
    pt: 'Estados Unidos',
  },
}

export function isCountryCode(code: string): code is TCountryCode {
  return Object.hasOwn(countries, code)
}

export function countryName(code: string, locale: Locale): string {
  const override = nameOverrides[code]?.[locale]
  if (override) return override
  // Dutch lists the official form first and the everyday one as alias.
  const all = countryNames.getName(code, locale, { select: 'all' }) ?? []
  const name = locale === 'nl' ? all.at(-1) : all[0]
  return name ?? countryNames.getName(code, 'en') ?? code
}

/** Transliteration rules the generic table gets wrong for these languages' own conventions. */
const replacements: Partial<Record<Locale, Array<[string, string]>>> = {
  bg: [
    ['щ', 'sht'],
    ['ъ', 'a'],
    ['ьо', 'io'],
    ['ю', 'yu'],
    ['я', 'ya'],
    ['й', 'y'],
    ['ц', 'ts'],
    ['х', 'h'],
  ],
  uk: [
    ['щ', 'shch'],
    ['и', 'y'],
    ['і', 'i'],
    ['ї', 'i'],
    ['є', 'ie'],
    ['г', 'h'],
    ['ґ', 'g'],
    ['х', 'kh'],
    ['я', 'ia'],
    ['ю', 'iu'],
    ['й', 'i'],
    ['ц', 'ts'],
    ['ь', ''],
    ["'", ''],
    ['’', ''],
  ],
}

/** ASCII slug of a text in a locale: 'Ισπανία' (el) → 'ispania', 'Görögország' (hu) → 'gorogorszag'. */
export function toSlug(text: string, locale: Locale) {
  let value = text.toLocaleLowerCase(locale)
  for (const [from, to] of replacements[locale] ?? []) value = value.replaceAll(from, to)
  // German spells umlauts out (Länder → laender); the other Latin-script languages drop the marks.
  if (locale !== 'de')
    value = value
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFC')
  return slugify(value, { lowercase: true })
}

const slugs = new Map<string, string>()

/** A country's URL slug in a locale; names never change while running, so each is made once. */
export function countrySlug(code: string, locale: Locale) {
  const key = `${code}:${locale}`
  let slug = slugs.get(key)
  if (slug === undefined) {
    slug = toSlug(countryName(code, locale), locale)
    slugs.set(key, slug)
  }
  return slug
}

/** Lowercase ISO2 code of a country name (English or native), as the static country list knows it. */
export function countryCodeByName(name: string): string | undefined {
  const code = getCountryCode(name)
  return code ? code.toLowerCase() : undefined
}
