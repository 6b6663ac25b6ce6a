/** schema.org data for search engines. Pure; see jsonld.test.ts. */
import { BRAND } from '../config/constants'
import type { Locale } from '../paraglide/runtime'
import { absolute } from './head'

export function websiteJsonLd(siteUrl: string, description: string, locale: Locale) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: BRAND,
    url: `${siteUrl}/`,
    description,
    inLanguage: locale,
    publisher: { '@type': 'Organization', name: BRAND, url: `${siteUrl}/` },
  }
}

export function organizationJsonLd(siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: BRAND,
    url: `${siteUrl}/`,
    logo: absolute(siteUrl, '/icon-512.png'),
    email: 'editors@estateatlas.eu',
  }
}

export type Crumb = { name: string; path: string }

export function breadcrumbJsonLd(siteUrl: string, crumbs: Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: absolute(siteUrl, c.path),
    })),
  }
}

export function blogPostingJsonLd(
  siteUrl: string,
  post: {
    title: string
    description: string
    path: string
    imagePath: string
    locale: Locale
    publishedAt: string
    updatedAt?: string | null
    keywords: string[]
    author: string
    country?: string | null
  },
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    url: absolute(siteUrl, post.path),
    mainEntityOfPage: absolute(siteUrl, post.path),
    image: absolute(siteUrl, post.imagePath),
    inLanguage: post.locale,
    datePublished: post.publishedAt,
    dateModified: post.updatedAt ?? post.publishedAt,
    keywords: post.keywords.join(', '),
    author: { '@type': 'Organization', name: post.author },
    publisher: { '@type': 'Organization', name: BRAND, logo: { '@type': 'ImageObject', url: absolute(siteUrl, '/icon-512.png') } },
    ...(post.country ? { about: { '@type': 'Country', name: post.country } } : {}),
  }
}
