import { describe, expect, it } from 'vitest'
import { assertIsLocale, localeFromAcceptLanguage, localeFromCookie, resolveLocale } from './resolve'

describe('locale resolution', () => {
  it('takes the URL prefix first, then the cookie, then Accept-Language, then English', () => {
    const all = { pathname: '/fr/blog', localeCookie: 'de', acceptLanguage: 'el' }
    expect(resolveLocale(all)).toBe('fr')
    expect(resolveLocale({ ...all, pathname: '/' })).toBe('de')
    expect(resolveLocale({ ...all, pathname: '/', localeCookie: null })).toBe('el')
    expect(resolveLocale({ pathname: '/' })).toBe('en')
  })

  it('ignores invalid values from any source instead of failing', () => {
    expect(resolveLocale({ pathname: '/xx/blog', localeCookie: 'klingon', acceptLanguage: ';;;q=abc,,' })).toBe('en')
    expect(localeFromCookie('%00')).toBeUndefined()
    expect(localeFromCookie('')).toBeUndefined()
    expect(localeFromCookie('bg')).toBe('bg')
    expect(localeFromAcceptLanguage('x'.repeat(5000))).toBeUndefined()
  })

  it('reads Accept-Language by weight and region', () => {
    expect(localeFromAcceptLanguage('de-AT,de;q=0.9,en;q=0.8')).toBe('de')
    expect(localeFromAcceptLanguage('ja, pt-BR;q=0.5, en;q=0.9')).toBe('en')
    expect(localeFromAcceptLanguage('nb-NO')).toBe('no')
    expect(localeFromAcceptLanguage('fr;q=0, it')).toBe('it')
    expect(localeFromAcceptLanguage('zh, ja')).toBeUndefined()
  })

  it('throws "No locale found" when no strategy gives a value', () => {
    expect(() => resolveLocale({ pathname: '/' }, ['url', 'cookie'])).toThrow(/^No locale found$/)
  })

  it('validates a locale with the spec message', () => {
    expect(assertIsLocale('uk')).toBe('uk')
    expect(() => assertIsLocale('xx')).toThrow(
      'Invalid locale: xx. Expected one of: en, de, pl, es, fr, it, pt, nl, sv, no, fi, cs, hu, ro, bg, el, sq, uk',
    )
  })
})
