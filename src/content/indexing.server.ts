/** What search engines and feed readers get from the content: sitemap entries and feed items. */
import { alternatesForRoute, routePath } from '../i18n/paths'
import { datedFields, isFigure, newestChecked } from '../key-figures/dates'
import { m } from '../paraglide/messages'
import { locales, type Locale } from '../paraglide/runtime'
import type { FeedItem } from '../seo/feed'
import { sitemapFileName, urlsetFiles, type SitemapEntry } from '../seo/sitemap'
import type { ContentStore } from './load.server'
import { pageKeys, staticPages } from './static-pages'
import { ARCHIVE } from '../config/constants'
import { archive, listAlternates, listPath, pageCountOf } from './archive.server'
import { countryName, countrySlug } from './countries'
import { perStore } from './per-store'
import { guideView, postAlternates } from './views.server'
import type { PostDoc } from './load.server'

/** Every page of a locale's lists (the index's, then each country's), with the newest date of its posts. */
export function listSitemapEntries(store: ContentStore, locale: Locale): SitemapEntry[] {
  const own = archive(store, locale)
  const lists: Array<[string | null, PostDoc[]]> = [
    [null, own.all],
    ...own.countries.map((c): [string, PostDoc[]] => [c, own.byCountry.get(c) ?? []]),
  ]
  return lists.flatMap(([code, docs]) =>
    Array.from({ length: pageCountOf(docs.length) }, (_, i) => {
      const onPage = docs.slice(i * ARCHIVE.postsPerPage, (i + 1) * ARCHIVE.postsPerPage)
      const lastmod = onPage.reduce((max, d) => ((d.updatedAt ?? d.publishedAt) > max ? (d.updatedAt ?? d.publishedAt) : max), '1970-01-01')
      return {
        path: listPath(locale, code ? countrySlug(code, locale) : null, i + 1),
        lastmod: onPage.length ? lastmod : store.lastModified,
        alternates: listAlternates(store, code, i + 1),
      }
    }),
  )
}

function sitemapEntries(store: ContentStore, locale: Locale): SitemapEntry[] {
  const posts = store.postsByLocale.get(locale) ?? []
  // The blog index and every page of it and of each country's list, then the static pages.
  const entries: SitemapEntry[] = listSitemapEntries(store, locale)
  for (const key of pageKeys) {
    const { route } = staticPages[key]
    const page = store.pages.get(key)?.get(locale)
    entries.push({ path: routePath(route, locale), lastmod: page?.updatedAt ?? store.lastModified, alternates: alternatesForRoute(route) })
  }
  if (store.keyFigures.countries.length > 0) {
    const route = '/blog/countries/compare'
    const newest = newestChecked(store.keyFigures.countries.flatMap((c) => datedFields(c).filter(isFigure)))
    entries.push({ path: routePath(route, locale), lastmod: `${newest}-01`, alternates: alternatesForRoute(route) })
  }
  for (const post of posts) {
    // The post's versions only: its body is not read (a sitemap lists thousands of posts).
    entries.push({
      path: routePath('/blog/$slug', locale, { slug: post.slug }),
      lastmod: post.updatedAt ?? post.publishedAt,
      alternates: postAlternates(store, post),
    })
  }
  for (const code of store.guides.keys()) {
    const view = guideView(store, locale, code)
    const guide = view.kind === 'redirect' ? guideView(store, locale, view.param) : view
    if (guide.kind !== 'found' || guide.data.isFallback) continue
    entries.push({
      path: routePath('/blog/countries/$country', locale, { country: guide.data.slug }),
      lastmod: guide.data.updatedAt,
      alternates: guide.alternates,
    })
  }
  return entries
}

const limits = { maxUrls: ARCHIVE.sitemapMaxUrls, maxBytes: ARCHIVE.sitemapMaxBytes }

/** A locale's URL-set files, split at the protocol's limits. Built when asked: the answer is cached as any page is (page cache, CDN), not kept per store. */
export const localeSitemaps = (store: ContentStore, siteUrl: string, locale: Locale): string[] =>
  urlsetFiles(siteUrl, sitemapEntries(store, locale), limits)

/** How many URL-set files a locale has and their newest date, for the sitemap index: small, so kept per store. */
const sitemapSummaries = perStore((_store, _locale: Locale) => new Map<string, { files: number; lastmod: string }>())
function localeSitemap(store: ContentStore, siteUrl: string, locale: Locale) {
  const bySite = sitemapSummaries(store, locale)
  let found = bySite.get(siteUrl)
  if (!found) {
    const entries = sitemapEntries(store, locale)
    found = {
      files: urlsetFiles(siteUrl, entries, limits).length,
      lastmod: entries.reduce((max, e) => (e.lastmod > max ? e.lastmod : max), '1970-01-01'),
    }
    bySite.set(siteUrl, found)
  }
  return found
}

export function sitemapFiles(store: ContentStore, siteUrl: string) {
  return locales.flatMap((locale) => {
    const { files, lastmod } = localeSitemap(store, siteUrl, locale)
    return Array.from({ length: files }, (_, i) => ({ path: `/sitemaps/${sitemapFileName(locale, i + 1)}`, lastmod }))
  })
}

/** The feed's items: the newest ARCHIVE.feedItems posts of the locale. */
export function feedItems(store: ContentStore, locale: Locale): FeedItem[] {
  return (store.postsByLocale.get(locale) ?? []).slice(0, ARCHIVE.feedItems).map((post) => {
    return {
      title: post.title,
      path: routePath('/blog/$slug', locale, { slug: post.slug }),
      description: post.summary,
      publishedAt: post.publishedAt,
      category: post.country ? countryName(post.country, locale) : undefined,
    }
  })
}

export function feedMeta(locale: Locale) {
  return { title: `Estate Atlas — ${m.blog_title({}, { locale })}`, description: m.blog_description({}, { locale }) }
}
