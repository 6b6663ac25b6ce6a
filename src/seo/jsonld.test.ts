import { describe, expect, it } from 'vitest'
import { blogPostingJsonLd, breadcrumbJsonLd, organizationJsonLd, websiteJsonLd } from './jsonld'

const site = 'https://estateatlas.example'

describe('structured data', () => {
  it('describes the site and its publisher', () => {
    expect(websiteJsonLd(site, 'A global real estate platform', 'de')).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'Estate Atlas',
      url: 'https://estateatlas.example/',
      inLanguage: 'de',
    })
    expect(organizationJsonLd(site)).toMatchObject({ '@type': 'Organization', logo: 'https://estateatlas.example/icon-512.png' })
  })

  it('describes a post as a BlogPosting with language, dates and image (its keywords are the head’s article:tag)', () => {
    const data = blogPostingJsonLd(site, {
      title: 'Αγορά ακινήτου στην Ισπανία',
      description: 'd',
      path: '/el/blog/agora',
      imagePath: '/api/og?title=x',
      locale: 'el',
      publishedAt: '2026-02-10',
      updatedAt: null,
      author: 'Estate Atlas Editors',
      country: 'Ισπανία',
    })
    expect(data).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Αγορά ακινήτου στην Ισπανία',
      inLanguage: 'el',
      datePublished: '2026-02-10',
      dateModified: '2026-02-10',
      image: 'https://estateatlas.example/api/og?title=x',
      mainEntityOfPage: 'https://estateatlas.example/el/blog/agora',
    })
    expect(data).not.toHaveProperty('keywords')
  })

  it('numbers breadcrumbs from one with absolute items, the last one (the page itself) without', () => {
    expect(
      breadcrumbJsonLd(site, [
        { name: 'Blog', path: '/en/blog' },
        { name: 'Spain', path: '/en/blog/countries/spain' },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Blog', item: 'https://estateatlas.example/en/blog' },
        { '@type': 'ListItem', position: 2, name: 'Spain' },
      ],
    })
  })
})
