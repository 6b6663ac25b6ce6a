import { describe, expect, it } from 'vitest'
import { locales } from '../paraglide/runtime'
import { countryCodeByName, countryName, countrySlug, guideCountries, isCountryCode, toSlug } from './countries'

describe('country names and slugs', () => {
  it('has a name for each of the 11 countries in all 18 languages', () => {
    for (const code of guideCountries) {
      for (const locale of locales) {
        const name = countryName(code, locale)
        expect(name, `${code} ${locale}`).toBeTruthy()
        expect(name).not.toMatch(/Republi[ck]|Koninkrijk|of America/)
      }
    }
  })

  it('uses the everyday names our own table fills in', () => {
    expect(countryName('US', 'en')).toBe('United States')
    expect(countryName('US', 'uk')).toBe('Сполучені Штати')
    expect(countryName('ES', 'nl')).toBe('Spanje')
    expect(countryName('GR', 'el')).toBe('Ελλάδα')
  })

  it('transliterates Greek, Cyrillic and Latin diacritics to ASCII slugs', () => {
    expect(countrySlug('ES', 'en')).toBe('spain')
    expect(countrySlug('ES', 'de')).toBe('spanien')
    expect(countrySlug('ES', 'el')).toBe('ispania')
    expect(countrySlug('BG', 'bg')).toBe('balgariya')
    expect(countrySlug('GR', 'uk')).toBe('hretsiia')
    expect(countrySlug('GR', 'hu')).toBe('gorogorszag')
    expect(countrySlug('HR', 'ro')).toBe('croatia')
    expect(countrySlug('PL', 'pl')).toBe('polska')
    expect(toSlug('Länder', 'de')).toBe('laender')
    expect(toSlug('Ștefan și Țara', 'ro')).toBe('stefan-si-tara')
  })

  it('gives every guide country distinct, valid slugs in every language', () => {
    for (const locale of locales) {
      const slugs = guideCountries.map((c) => countrySlug(c, locale))
      expect(new Set(slugs).size).toBe(slugs.length)
      for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9-]+$/)
    }
  })

  it('looks up codes from the static country list', () => {
    expect(countryCodeByName('Greece')).toBe('gr')
    expect(countryCodeByName('Ελλάδα')).toBe('gr')
    expect(countryCodeByName('Atlantis')).toBeUndefined()
    expect(isCountryCode('CY')).toBe(true)
    expect(isCountryCode('XX')).toBe(false)
  })
})
