import { describe, expect, it } from 'vitest'
import { alternatesForRoute } from '../i18n/paths'
import { absolute, buildHead, hreflangLinks, jsonLdScript } from './head'

const site = 'https://estateatlas.example'

describe('page head', () => {
  const head = buildHead({
    title: 'Über uns',
    description: 'Wer wir sind.',
    locale: 'de',
    path: '/de/ueber-uns',
    siteUrl: site,
    alternates: alternatesForRoute('/about'),
    image: { path: '/api/og?title=%C3%9Cber+uns&v=1', alt: 'Über uns' },
  })
  const meta = (key: string) => head.meta.filter((m) => m.property === key || m.name === key).map((m) => m.content)

  it('has the prefixed title, description, absolute canonical and Open Graph data', () => {
    expect(head.meta[0]).toEqual({ title: 'Estate Atlas | Über uns' })
    expect(meta('description')).toEqual(['Wer wir sind.'])
    expect(head.links.find((l) => l.rel === 'canonical')?.href).toBe('https://estateatlas.example/de/ueber-uns')
    expect(meta('og:url')).toEqual(['https://estateatlas.example/de/ueber-uns'])
    expect(meta('og:image')).toEqual(['https://estateatlas.example/api/og?title=%C3%9Cber+uns&v=1'])
    expect(meta('og:image:width')).toEqual(['1200'])
    expect(meta('og:image:height')).toEqual(['630'])
    expect(meta('og:locale')).toEqual(['de_DE'])
    expect(meta('og:locale:alternate')).toHaveLength(17)
    expect(meta('og:type')).toEqual(['website'])
    expect(meta('twitter:card')).toEqual(['summary_large_image'])
    // X falls back to the Open Graph title, description and image.
    expect(meta('twitter:title')).toEqual([])
    expect(meta('twitter:image')).toEqual([])
  })

  it('links every locale once plus x-default to the English page', () => {
    const hreflang = head.links.filter((l) => l.hrefLang)
    expect(hreflang).toHaveLength(19)
    expect(new Set(hreflang.map((l) => l.hrefLang)).size).toBe(19)
    expect(hreflang.find((l) => l.hrefLang === 'x-default')?.href).toBe('https://estateatlas.example/en/about')
    expect(hreflang.find((l) => l.hrefLang === 'el')?.href).toBe('https://estateatlas.example/el/gia-mas')
  })

  it('leaves untranslated pages out of hreflang', () => {
    const links = hreflangLinks(site, [
      { locale: 'en', path: '/en/blog/countries/spain', translated: true },
      { locale: 'es', path: '/es/blog/paises/espana', translated: true },
      { locale: 'de', path: '/de/blog/laender/spanien', translated: false },
    ])
    expect(links.map((l) => l.hrefLang)).toEqual(['en', 'es', 'x-default'])
  })

  it('gives alternates that are reciprocal: each page lists the others and itself', () => {
    const all = alternatesForRoute('/contact-us')
    for (const a of all) {
      const own = hreflangLinks(site, all).map((l) => l.href)
      expect(own).toContain(`${site}${a.path}`)
    }
  })

  it('marks not-found pages noindex with no canonical or alternates', () => {
    const notFound = buildHead({ title: 'Post not found', description: 'x', noindex: true })
    expect(notFound.meta).toContainEqual({ name: 'robots', content: 'noindex' })
    expect(notFound.links).toEqual([])
  })

  it('keeps share data on a noindex page that exists (a guide shown in English)', () => {
    const fallback = buildHead({
      title: 'Spanien',
      description: 'd',
      noindex: true,
      siteUrl: site,
      locale: 'de',
      path: '/de/blog/laender/spanien',
      image: { path: '/api/og?title=x', alt: 'x' },
    })
    expect(fallback.meta).toContainEqual({ name: 'robots', content: 'noindex' })
    expect(fallback.meta).toContainEqual({ property: 'og:image', content: `${site}/api/og?title=x` })
  })

  it('describes articles as articles', () => {
    const post = buildHead({
      title: 'A post',
      description: 'd',
      locale: 'en',
      path: '/en/blog/a-post',
      siteUrl: site,
      ogType: 'article',
      article: { publishedAt: '2026-02-10', updatedAt: '2026-10-05', keywords: ['spain', 'nie'] },
    })
    expect(post.meta).toContainEqual({ property: 'og:type', content: 'article' })
    expect(post.meta).toContainEqual({ property: 'article:published_time', content: '2026-02-10' })
    expect(post.meta.filter((m) => m.property === 'article:tag')).toHaveLength(2)
    expect(post.links).toContainEqual(expect.objectContaining({ type: 'application/rss+xml', href: `${site}/en/rss.xml` }))
  })

  it('escapes JSON-LD so no title can close the script element', () => {
    expect(jsonLdScript({ headline: '</script><script>alert(1)</script>' }).children).not.toContain('</script')
  })
})

describe('absolute', () => {
  it('gives what the URL parser gives, for our paths and for any other', () => {
    const paths = [
      '/',
      '/en/blog',
      '/en/blog/',
      '/icon-512.png',
      '/de/blog/immobilienkauf-in-spanien-als-auslaender',
      '/api/og?title=%C3%9Cber+uns&v=1',
      '/en/blog/../about',
      '/en/./blog',
      '/bg/блог',
      '//evil.example/x',
      'relative/path',
      '/a b',
      '/en/blog#top',
    ]
    for (const base of [site, 'https://EstateAtlas.Example:443', 'http://127.0.0.1:4412', 'https://example.com/sub']) {
      for (const path of paths) expect(absolute(base, path), `${base} ${path}`).toBe(new URL(path, `${base}/`).href)
    }
  })
})
