import { describe, expect, it } from 'vitest'
import { assertIsLocale, localeCookie, localeFromAcceptLanguage, localeFromCookieHeader, resolveLocale } from './resolve'

describe('locale resolution', () => {
  it('takes the URL prefix first, then the cookie, then Accept-Language, then English', () => {
    const all = { pathname: '/fr/blog', cookieHeader: 'PARAGLIDE_LOCALE=de', acceptLanguage: 'el' }
    expect(resolveLocale(all)).toBe('fr')
    expect(resolveLocale({ ...all, pathname: '/' })).toBe('de')
    expect(resolveLocale({ ...all, pathname: '/', cookieHeader: null })).toBe('el')
    expect(resolveLocale({ pathname: '/' })).toBe('en')
  })

  it('ignores invalid values from any source instead of failing', () => {
    expect(resolveLocale({ pathname: '/xx/blog', cookieHeader: 'PARAGLIDE_LOCALE=klingon', acceptLanguage: ';;;q=abc,,' })).toBe('en')
    expect(localeFromCookieHeader('PARAGLIDE_LOCALE=%00; other=1')).toBeUndefined()
    expect(localeFromCookieHeader('a=b; PARAGLIDE_LOCALE=bg')).toBe('bg')
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

  it('writes the cookie with path / and a 400-day lifetime', () => {
    expect(localeCookie('de')).toBe('PARAGLIDE_LOCALE=de; Path=/; Max-Age=34560000; SameSite=Lax')
  })
})
