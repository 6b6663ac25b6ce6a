import { parse } from 'cookie-es'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { browserCookie, COOKIES, readBrowserCookie, readCookie, setCookieHeader } from './cookies'

const token = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/)
const otherCookie = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/), fc.stringMatching(/^[A-Za-z0-9%._-]{0,12}$/))

describe('cookies', () => {
  it('write the attributes given once per cookie', () => {
    expect(browserCookie('locale', 'de')).toBe('PARAGLIDE_LOCALE=de; Path=/; Max-Age=34560000; SameSite=Lax')
    expect(browserCookie('consent', 'granted')).toBe('ea_consent=granted; Path=/; Max-Age=31536000; SameSite=Lax')
    expect(setCookieHeader('preview', 'abc', { secure: true })).toBe('ea_preview=abc; Max-Age=86400; Path=/; HttpOnly; Secure; SameSite=Lax')
    expect(setCookieHeader('session', '', { maxAge: 0 })).toBe('ea_admin=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Strict')
  })

  it('are read in the browser as cookie-es reads them on the server, whatever the other cookies', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('locale' as const, 'consent' as const),
        token,
        fc.array(otherCookie, { maxLength: 5 }),
        fc.nat(5),
        (cookie, value, others, at) => {
          const pairs = others.filter(([name]) => name !== COOKIES[cookie].name).map(([n, v]) => `${n}=${v}`)
          pairs.splice(Math.min(at, pairs.length), 0, `${COOKIES[cookie].name}=${value}`)
          const header = pairs.join('; ')
          expect(readBrowserCookie(header, cookie)).toBe(value)
          expect(readCookie(header, cookie)).toBe(value)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('written in the browser, read back as the server reads them', () => {
    for (const cookie of ['locale', 'consent'] as const) {
      const [pair] = browserCookie(cookie, 'el').split(';')
      expect(parse(pair)[COOKIES[cookie].name]).toBe('el')
    }
    expect(readBrowserCookie('a=b', 'consent')).toBeUndefined()
    expect(readCookie(undefined, 'preview')).toBeUndefined()
  })
})
