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
    // The last crumb is the page itself: Google's breadcrumb guidelines make its `item` optional.
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      ...(i < crumbs.length - 1 ? { item: absolute(siteUrl, c.path) } : {}),
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
    author: string
    country?: string | null
  },
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    mainEntityOfPage: absolute(siteUrl, post.path),
    image: absolute(siteUrl, post.imagePath),
    inLanguage: post.locale,
    datePublished: post.publishedAt,
    dateModified: post.updatedAt ?? post.publishedAt,
    author: { '@type': 'Organization', name: post.author },
    publisher: { '@type': 'Organization', name: BRAND, logo: { '@type': 'ImageObject', url: absolute(siteUrl, '/icon-512.png') } },
    ...(post.country ? { about: { '@type': 'Country', name: post.country } } : {}),
  }
}

/**
 * schema.org Dataset for the key-figures comparison (issue 23): what it covers and where to download
 * it. Its sources are not listed here: the page lists them and the downloads carry each value's,
 * while 130 URLs in the head cost every reader 6 KB before the first paint.
 */
export function datasetJsonLd(
  siteUrl: string,
  data: {
    name: string
    description: string
    path: string
    locale: Locale
    countries: string[]
    dateModified: string | null
    downloads: Array<{ path: string; format: string }>
  },
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    name: data.name,
    description: data.description,
    url: absolute(siteUrl, data.path),
    inLanguage: data.locale,
    isAccessibleForFree: true,
    license: 'https://creativecommons.org/licenses/by/4.0/',
    creator: { '@type': 'Organization', name: BRAND, url: `${siteUrl}/` },
    ...(data.dateModified ? { dateModified: data.dateModified } : {}),
    spatialCoverage: data.countries.map((name) => ({ '@type': 'Country', name })),
    distribution: data.downloads.map((d) => ({ '@type': 'DataDownload', encodingFormat: d.format, contentUrl: absolute(siteUrl, d.path) })),
  }
}
