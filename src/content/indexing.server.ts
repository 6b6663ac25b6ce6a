/** What search engines and feed readers get from the content: sitemap entries and feed items. */
import { alternatesForRoute, routePath } from '../i18n/paths'
import { staticPageRoutes } from '../i18n/segments'
import { m } from '../paraglide/messages'
import { locales, type Locale } from '../paraglide/runtime'
import type { FeedItem } from '../seo/feed'
import { sitemapFileName, urlsetFiles, type SitemapEntry } from '../seo/sitemap'
import type { ContentStore } from './load.server'
import { pageKeys } from './schema'
import { ARCHIVE } from '../config/constants'
import { guideView, listSitemapEntries, postView } from './views.server'

export function sitemapEntries(store: ContentStore, locale: Locale): SitemapEntry[] {
  const posts = store.postsByLocale.get(locale) ?? []
  // The blog index and every page of it and of each country's list, then the static pages.
  const entries: SitemapEntry[] = listSitemapEntries(store, locale)
  staticPageRoutes.forEach((route, i) => {
    const page = store.pages.get(pageKeys[i])?.get(locale)
    entries.push({ path: routePath(route, locale), lastmod: page?.updatedAt ?? store.lastModified, alternates: alternatesForRoute(route) })
  })
  for (const post of posts) {
    const view = postView(store, locale, post.slug)
    if (!view.post) continue
    entries.push({ path: routePath('/blog/$slug', locale, { slug: post.slug }), lastmod: post.updatedAt ?? post.publishedAt, alternates: view.alternates })
  }
  for (const code of store.guides.keys()) {
    const view = guideView(store, locale, code)
    const guide = view.kind === 'redirect' ? guideView(store, locale, view.slug) : view
    if (guide.kind !== 'guide' || guide.country.isFallback) continue
    entries.push({
      path: routePath('/blog/countries/$country', locale, { country: guide.country.slug }),
      lastmod: guide.country.updatedAt,
      alternates: guide.alternates,
    })
  }
  return entries
}

const limits = { maxUrls: ARCHIVE.sitemapMaxUrls, maxBytes: ARCHIVE.sitemapMaxBytes }

/** A locale's URL-set files, split at the protocol's limits, and their newest date: built once per content store and site URL. */
const built = new WeakMap<ContentStore, Map<string, { files: string[]; lastmod: string }>>()
function localeSitemap(store: ContentStore, siteUrl: string, locale: Locale) {
  let perKey = built.get(store)
  if (!perKey) built.set(store, (perKey = new Map()))
  const key = `${siteUrl} ${locale}`
  let found = perKey.get(key)
  if (!found) {
    const entries = sitemapEntries(store, locale)
    found = { files: urlsetFiles(siteUrl, entries, limits), lastmod: entries.reduce((max, e) => (e.lastmod > max ? e.lastmod : max), '1970-01-01') }
    perKey.set(key, found)
  }
  return found
}

export const localeSitemaps = (store: ContentStore, siteUrl: string, locale: Locale) => localeSitemap(store, siteUrl, locale).files

export function sitemapFiles(store: ContentStore, siteUrl: string) {
  return locales.flatMap((locale) => {
    const { files, lastmod } = localeSitemap(store, siteUrl, locale)
    return files.map((_, i) => ({ path: `/sitemaps/${sitemapFileName(locale, i + 1)}`, lastmod }))
  })
}

/** The feed's items: the newest ARCHIVE.feedItems posts of the locale. */
export function feedItems(store: ContentStore, locale: Locale): FeedItem[] {
  return (store.postsByLocale.get(locale) ?? []).slice(0, ARCHIVE.feedItems).map((post) => {
    const view = postView(store, locale, post.slug)
    return {
      title: post.title,
      path: routePath('/blog/$slug', locale, { slug: post.slug }),
      description: post.summary,
      publishedAt: post.publishedAt,
      category: view.post?.country?.name,
    }
  })
}

export function feedMeta(locale: Locale) {
  return { title: `Estate Atlas — ${m.blog_title({}, { locale })}`, description: m.blog_description({}, { locale }) }
}
