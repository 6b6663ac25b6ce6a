import { describe, expect, it } from 'vitest'
import { locales } from '../paraglide/runtime'
import { alternatesForRoute, deLocalizePath, localizePath, parsePath, routePath } from './paths'
import { canonicalRoutes } from './segments'

const samples: Record<string, string> = {
  '/blog': '/blog',
  '/blog/$slug': '/blog/buying-in-spain',
  '/blog/countries/$country': '/blog/countries/spain',
  '/blog/countries/compare': '/blog/countries/compare',
  '/blog/page/$page': '/blog/page/2',
  '/blog/countries/$country/posts': '/blog/countries/spain/posts',
  '/blog/countries/$country/posts/page/$page': '/blog/countries/spain/posts/page/3',
  '/about': '/about',
  '/contact-us': '/contact-us',
  '/partner-with-us': '/partner-with-us',
  '/privacy': '/privacy',
  '/search': '/search',
  '/newsletter': '/newsletter',
}

describe('localized paths', () => {
  it('spells the archive pages in each language', () => {
    expect(routePath('/blog/page/$page', 'de', { page: '2' })).toBe('/de/blog/seite/2')
    expect(routePath('/blog/countries/$country/posts/page/$page', 'el', { country: 'ellada', page: '3' })).toBe(
      '/el/blog/chores/ellada/arthra/selida/3',
    )
    expect(parsePath('/uk/blog/storinka/4')).toMatchObject({ kind: 'route', route: '/blog/page/$page', params: { page: '4' } })
    // Another language's word for the segment is redirected to this language's.
    expect(parsePath('/de/blog/page/2')).toMatchObject({ kind: 'route', localizedPath: '/de/blog/seite/2' })
  })

  it('spells routes the way each locale does', () => {
    expect(routePath('/about', 'de')).toBe('/de/ueber-uns')
    expect(routePath('/blog/countries/$country', 'el', { country: 'ispania' })).toBe('/el/blog/chores/ispania')
    expect(routePath('/privacy', 'uk')).toBe('/uk/konfidentsiinist')
    expect(localizePath('/contact-us', 'fi')).toBe('/fi/ota-yhteytta')
    expect(localizePath('/blog/some-post', 'pl')).toBe('/pl/blog/some-post')
  })

  it('round-trips every route in every locale', () => {
    for (const route of canonicalRoutes) {
      for (const locale of locales) {
        const localized = localizePath(samples[route], locale)
        expect(deLocalizePath(localized)).toBe(samples[route])
        const parsed = parsePath(localized)
        expect(parsed).toMatchObject({ kind: 'route', locale, route, localizedPath: localized })
      }
    }
  })

  it('recognizes another locale’s segment and names the right spelling', () => {
    expect(parsePath('/de/about')).toMatchObject({ kind: 'route', route: '/about', localizedPath: '/de/ueber-uns' })
    expect(parsePath('/de/blog/countries/spain')).toMatchObject({
      kind: 'route',
      route: '/blog/countries/$country',
      localizedPath: '/de/blog/laender/spain',
    })
    expect(parsePath('/fr/privacy')).toMatchObject({ localizedPath: '/fr/confidentialite' })
    // The comparison's fixed segment wins over a country parameter, in every spelling.
    expect(parsePath('/el/blog/chores/sygkrisi')).toMatchObject({ kind: 'route', route: '/blog/countries/compare' })
    expect(parsePath('/de/blog/countries/compare')).toMatchObject({ route: '/blog/countries/compare', localizedPath: '/de/blog/laender/vergleich' })
  })

  it('reads roots, unknown locales and unknown paths', () => {
    expect(parsePath('/')).toEqual({ kind: 'root' })
    expect(parsePath('/de')).toEqual({ kind: 'locale-root', locale: 'de' })
    expect(parsePath('/de/')).toEqual({ kind: 'locale-root', locale: 'de' })
    expect(parsePath('/xx/blog')).toEqual({ kind: 'unknown' })
    expect(parsePath('/de/nope')).toEqual({ kind: 'unknown', locale: 'de' })
    expect(parsePath('/de//evil.example')).toEqual({ kind: 'unknown', locale: 'de' })
    expect(parsePath('/de/blog/a/b/c')).toEqual({ kind: 'unknown', locale: 'de' })
  })

  it('treats a trailing slash as another spelling of the same page', () => {
    expect(parsePath('/de/blog/')).toMatchObject({ kind: 'route', route: '/blog', localizedPath: '/de/blog' })
  })

  it('gives static pages an alternate in every locale', () => {
    const alternates = alternatesForRoute('/partner-with-us')
    expect(alternates).toHaveLength(18)
    expect(alternates.find((a) => a.locale === 'sq')?.path).toBe('/sq/bashkepuno-me-ne')
  })
})
