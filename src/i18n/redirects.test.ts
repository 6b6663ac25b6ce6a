import { describe, expect, it } from 'vitest'
import { localeRedirect } from './redirects'

const at = (path: string, headers: Record<string, string> = {}) => localeRedirect(new URL(path, 'http://site.test'), new Headers(headers))

describe('redirects before rendering', () => {
  it('sends / to the blog in the cookie language, else Accept-Language, else English', () => {
    expect(at('/', { cookie: 'PARAGLIDE_LOCALE=el', 'accept-language': 'de' })).toEqual({
      status: 302,
      location: '/el/blog',
      vary: 'Cookie, Accept-Language',
    })
    expect(at('/', { 'accept-language': 'de-DE,de;q=0.9' })?.location).toBe('/de/blog')
    expect(at('/', { cookie: 'PARAGLIDE_LOCALE=zz' })?.location).toBe('/en/blog')
  })

  it('keeps the query string and never loops', () => {
    const first = at('/?utm_content=spring')
    expect(first?.location).toBe('/en/blog?utm_content=spring')
    expect(at(first?.location ?? '')).toBeNull()
  })

  it('sends /{lang} to its blog with a permanent redirect', () => {
    expect(at('/uk')).toEqual({ status: 301, location: '/uk/blog' })
    expect(at('/uk/')).toEqual({ status: 301, location: '/uk/blog' })
  })

  it('corrects another locale’s segment with 301', () => {
    expect(at('/de/about')).toEqual({ status: 301, location: '/de/ueber-uns' })
    expect(at('/el/blog/countries/ispania?x=1')).toEqual({ status: 301, location: '/el/blog/chores/ispania?x=1' })
    expect(at('/de/ueber-uns')).toBeNull()
  })

  it('never points a redirect off the site', () => {
    for (const path of ['//evil.example', '/\\evil.example', '/%2F%2Fevil.example', '/de//evil.example', '/de/%5Cevil.example']) {
      const redirect = at(path)
      if (redirect) expect(new URL(redirect.location, 'http://site.test').host).toBe('site.test')
    }
  })
})
