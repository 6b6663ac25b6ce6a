/**
 * The head of each page type, built from its data (issue 36): routes call these, so a page's title,
 * canonical URL, alternates, share image, breadcrumbs and structured data are decided here, in pure
 * functions with unit tests (page-heads.test.ts), not inline in route files.
 */
import { DOWNLOADS } from '../key-figures/downloads'
import type { Post, Guide } from '../content/types'
import { routePath, type Alternate } from '../i18n/paths'
import { ogImagePath } from '../og/path'
import { m } from '../paraglide/messages'
import type { Locale } from '../paraglide/runtime'
import { buildHead } from './head'
import { blogPostingJsonLd, breadcrumbJsonLd, datasetJsonLd, type Crumb } from './jsonld'

type Where = { locale: Locale; siteUrl: string | undefined }

/** The trail every blog page starts with. */
const blogCrumb = (locale: Locale): Crumb => ({ name: m.nav_blog(), path: routePath('/blog', locale) })

export function postHead(post: Post, alternates: Alternate[], { locale, siteUrl }: Where) {
  const path = routePath('/blog/$slug', locale, { slug: post.slug })
  const image = ogImagePath({ title: post.title, type: 'BlogPost', locale, country: post.country?.name })
  const crumbs = [
    blogCrumb(locale),
    ...(post.country?.slug ? [{ name: post.country.name, path: routePath('/blog/countries/$country', locale, { country: post.country.slug }) }] : []),
    { name: post.title, path },
  ]
  return buildHead({
    title: post.title,
    description: post.meta,
    locale,
    path,
    siteUrl,
    alternates,
    ogType: 'article',
    // Only a preview ever renders a draft or a post before its time: never for search engines.
    noindex: post.draft || post.scheduledFor !== null,
    image: { path: image, alt: post.title },
    article: { publishedAt: post.publishedAt, updatedAt: post.updatedAt, keywords: post.metaKeywords, section: post.country?.name },
    jsonLd: siteUrl
      ? [
          blogPostingJsonLd(siteUrl, {
            title: post.title,
            description: post.meta,
            path,
            imagePath: image,
            locale,
            publishedAt: post.publishedAt,
            updatedAt: post.updatedAt,
            author: post.author,
            country: post.country?.name,
          }),
          breadcrumbJsonLd(siteUrl, crumbs),
        ]
      : [],
  })
}

export function guideHead(country: Guide, alternates: Alternate[], calcResult: boolean, { locale, siteUrl }: Where) {
  const title = m.guide_title({ name: country.localizedName })
  const path = routePath('/blog/countries/$country', locale, { country: country.slug })
  return buildHead({
    title,
    description: country.description,
    locale,
    path,
    siteUrl,
    alternates,
    // A guide shown in English for want of a translation is not offered to search engines, nor a
    // calculator's result (the guide itself stays indexable).
    noindex: country.isFallback || calcResult,
    changesFeed: country.keyFigures !== null,
    image: { path: ogImagePath({ title, type: 'Generic', locale, description: country.description }), alt: title },
    jsonLd: siteUrl ? [breadcrumbJsonLd(siteUrl, [blogCrumb(locale), { name: country.localizedName, path }])] : [],
  })
}

export type ComparisonHeadData = {
  alternates: Alternate[]
  calcResult: boolean
  dataset: { countries: string[]; modified: string | null }
}

export function comparisonHead(data: ComparisonHeadData | undefined, { locale, siteUrl }: Where) {
  const title = m.kf_title()
  const description = m.kf_description()
  const path = routePath('/blog/countries/compare', locale)
  return buildHead({
    title,
    description,
    noindex: data?.calcResult,
    changesFeed: true,
    locale,
    path,
    siteUrl,
    alternates: data?.alternates,
    image: { path: ogImagePath({ title, type: 'Generic', locale, description }), alt: title },
    jsonLd:
      siteUrl && data
        ? [
            breadcrumbJsonLd(siteUrl, [blogCrumb(locale), { name: m.kf_nav(), path }]),
            datasetJsonLd(siteUrl, {
              name: title,
              description,
              path,
              locale,
              countries: data.dataset.countries,
              dateModified: data.dataset.modified,
              downloads: [
                { path: DOWNLOADS.csv, format: 'text/csv' },
                { path: DOWNLOADS.json, format: 'application/json' },
              ],
            }),
          ]
        : [],
  })
}
