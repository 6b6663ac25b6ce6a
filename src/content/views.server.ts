/** The answers of the content server functions, built from the store. Pure; see views.test.ts. */
import { m } from '../paraglide/messages'
import { locales, type Locale } from '../paraglide/runtime'
import { formatDate, formatDateTime } from '../i18n/format'
import { routePath, type Alternate } from '../i18n/paths'
import { ARCHIVE } from '../config/constants'
import { countryFacts, countryName, countrySlug, guideCountries, type CountryFacts, type GuideCountry } from './countries'
import { pageSlice } from './pagination'
import { pageTarget } from '../pages/page-target'
import { daysBehind } from './outdated'
import { scheduledFor } from './visibility'
import type { ContentStore, PostDoc } from './load.server'
import type { Heading } from './markdown.server'
import { pageKeys, slugPattern, type PageKey } from './schema'
import { staticPageRoutes } from '../i18n/segments'

export type CountryRef = { code: string; name: string; slug: string | null }

export type PostCard = {
  key: string
  slug: string
  title: string
  summary: string
  country: CountryRef | null
  publishedAt: string
  updatedAt: string | null
  /** The dates as the locale writes them, formatted here so the browser needs no Intl data. */
  publishedLabel: string
  updatedLabel: string | null
  readingMinutes: number
}

export type GuideCard = { code: GuideCountry; name: string; slug: string; description: string }

function countryRef(store: ContentStore, code: string | undefined, locale: Locale): CountryRef | null {
  if (!code) return null
  const hasGuide = guideCountries.some((c) => c === code && store.guides.has(c))
  return { code, name: countryName(code, locale), slug: hasGuide ? countrySlug(code, locale) : null }
}

const labels = new WeakMap<PostDoc, { publishedLabel: string; updatedLabel: string | null }>()

function dateLabels(doc: PostDoc) {
  let found = labels.get(doc)
  if (!found) {
    found = {
      publishedLabel: formatDate(doc.publishedAt, doc.locale),
      updatedLabel: doc.updatedAt ? formatDate(doc.updatedAt, doc.locale) : null,
    }
    labels.set(doc, found)
  }
  return found
}

function card(store: ContentStore, doc: PostDoc): PostCard {
  return {
    key: doc.key,
    slug: doc.slug,
    title: doc.title,
    summary: doc.summary,
    country: countryRef(store, doc.country, doc.locale),
    publishedAt: doc.publishedAt,
    updatedAt: doc.updatedAt ?? null,
    ...dateLabels(doc),
    readingMinutes: doc.readingMinutes,
  }
}

export function guideDescription(store: ContentStore, code: GuideCountry, locale: Locale) {
  return (
    store.guides.get(code)?.get(locale)?.description ??
    m.guide_default_description({ name: countryName(code, locale) }, { locale })
  )
}

export function guideCards(store: ContentStore, locale: Locale): GuideCard[] {
  return [...store.guides.keys()]
    .map((code) => ({
      code,
      name: countryName(code, locale),
      slug: countrySlug(code, locale),
      description: guideDescription(store, code, locale),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, locale))
}

/** Per locale, the posts by country: built once per content store, so a list page costs the same at any archive size. */
type LocaleArchive = { all: PostDoc[]; byCountry: Map<string, PostDoc[]>; countries: string[] }
const archives = new WeakMap<ContentStore, Map<Locale, LocaleArchive>>()

function archive(store: ContentStore, locale: Locale): LocaleArchive {
  let perLocale = archives.get(store)
  if (!perLocale) archives.set(store, (perLocale = new Map()))
  let found = perLocale.get(locale)
  if (!found) {
    const all = store.postsByLocale.get(locale) ?? []
    const byCountry = new Map<string, PostDoc[]>()
    for (const doc of all) {
      if (!doc.country) continue
      const list = byCountry.get(doc.country)
      if (list) list.push(doc)
      else byCountry.set(doc.country, [doc])
    }
    const countries = [...byCountry.keys()].sort((a, b) => countryName(a, locale).localeCompare(countryName(b, locale), locale))
    perLocale.set(locale, (found = { all, byCountry, countries }))
  }
  return found
}

/** The path of page `page` of the blog index (`country` null) or of a country's posts, in `locale`. */
export function listPage(locale: Locale, country: string | null, page: number) {
  const target = pageTarget(country, page)
  return routePath(target.to, locale, 'params' in target ? target.params : {})
}

/** A country as the lists name it: `slug` is its list's URL parameter in the locale. */
export type ListCountry = { code: string; name: string; slug: string }

const listCountryRef = (code: string, locale: Locale): ListCountry => ({ code, name: countryName(code, locale), slug: countrySlug(code, locale) })

export type PostListView =
  | {
      kind: 'list'
      /** Page 1 of the unfiltered index shows its newest post large. */
      featured: PostCard | null
      posts: PostCard[]
      page: number
      pageCount: number
      total: number
      /** The filter, when the list is one country's posts; `guide` is its guide's slug, if any. */
      country: (ListCountry & { guide: string | null }) | null
      /** Countries with posts in this language, for the filter. */
      countries: ListCountry[]
      /** The country guides, on the unfiltered index's first page. */
      guides: GuideCard[]
      /**
       * This page in every language; where a language has fewer pages, its last page, marked
       * `translated: false` so that it is offered to readers but not claimed as an hreflang twin.
       */
      alternates: Alternate[]
    }
  | { kind: 'redirect'; country: string }
  | { kind: 'missing' }

/** A country as a list URL may name it: its slug in this locale, or (redirected) its ISO code or another locale's slug. */
function listCountry(store: ContentStore, locale: Locale, param: string): { code: string; canonical: boolean } | null {
  if (param.length > 100) return null
  const lower = param.toLowerCase()
  const candidates = new Set([...archive(store, locale).countries, ...store.guides.keys()])
  for (const code of candidates) if (countrySlug(code, locale) === param) return { code, canonical: true }
  for (const code of candidates) {
    if (code.toLowerCase() === lower || locales.some((l) => countrySlug(code, l) === lower)) return { code, canonical: false }
  }
  return null
}

/** One page of the blog index (`countryParam` null) or of a country's posts. */
export function postListView(store: ContentStore, locale: Locale, countryParam: string | null, page: number): PostListView {
  let code: string | null = null
  if (countryParam !== null) {
    const found = listCountry(store, locale, countryParam)
    if (!found) return { kind: 'missing' }
    if (!found.canonical) return { kind: 'redirect', country: countrySlug(found.code, locale) }
    code = found.code
  }
  const own = archive(store, locale)
  const docs = code ? (own.byCountry.get(code) ?? []) : own.all
  const slice = pageSlice(docs.length, page, ARCHIVE.postsPerPage)
  if (!slice) return { kind: 'missing' }
  const cards = docs.slice(slice.start, slice.end).map((doc) => card(store, doc))
  const featured = !code && page === 1 ? (cards.shift() ?? null) : null
  return {
    kind: 'list',
    featured,
    posts: cards,
    page,
    pageCount: slice.pageCount,
    total: docs.length,
    country: code ? { ...listCountryRef(code, locale), guide: countryRef(store, code, locale)?.slug ?? null } : null,
    countries: own.countries.map((c) => listCountryRef(c, locale)),
    guides: !code && page === 1 ? guideCards(store, locale) : [],
    alternates: listAlternates(store, code, page),
  }
}

/**
 * Page `page` of a list in every language; where a language has fewer pages, its last page,
 * marked `translated: false` (offered to readers, not claimed as an hreflang twin).
 */
function listAlternates(store: ContentStore, code: string | null, page: number): Alternate[] {
  return locales.map((l) => {
    const count = code ? (archive(store, l).byCountry.get(code)?.length ?? 0) : archive(store, l).all.length
    const pages = Math.max(1, Math.ceil(count / ARCHIVE.postsPerPage))
    const path = listPage(l, code ? countrySlug(code, l) : null, Math.min(page, pages))
    return { locale: l, path, translated: page <= pages && (count > 0 || !code) }
  })
}

/** Every page of a locale's lists (the index's, then each country's), for the sitemap. */
export function listSitemapEntries(store: ContentStore, locale: Locale) {
  const own = archive(store, locale)
  const lists: Array<[string | null, PostDoc[]]> = [[null, own.all], ...own.countries.map((c): [string, PostDoc[]] => [c, own.byCountry.get(c) ?? []])]
  return lists.flatMap(([code, docs]) => {
    const pages = Math.max(1, Math.ceil(docs.length / ARCHIVE.postsPerPage))
    return Array.from({ length: pages }, (_, i) => {
      const onPage = docs.slice(i * ARCHIVE.postsPerPage, (i + 1) * ARCHIVE.postsPerPage)
      const lastmod = onPage.reduce((max, d) => ((d.updatedAt ?? d.publishedAt) > max ? (d.updatedAt ?? d.publishedAt) : max), '1970-01-01')
      return {
        path: listPage(locale, code ? countrySlug(code, locale) : null, i + 1),
        lastmod: onPage.length ? lastmod : store.lastModified,
        alternates: listAlternates(store, code, i + 1),
      }
    })
  })
}

function scheduledLabel(doc: PostDoc) {
  const at = scheduledFor(doc, Date.now())
  return at === null ? null : formatDateTime(new Date(at).toISOString(), doc.locale)
}

/** For a translation behind its English source: when the source changed, and where it is. */
function outdatedNotice(store: ContentStore, doc: PostDoc) {
  const english = store.postsByKey.get(doc.key)?.get('en')
  return english ? notice(doc, english, routePath('/blog/$slug', 'en', { slug: english.slug })) : null
}

function notice(translation: { locale: Locale; updatedAt?: string; publishedAt?: string }, english: { updatedAt?: string }, englishPath: string) {
  if (!english.updatedAt || daysBehind(translation, english) === 0) return null
  return { updatedLabel: formatDate(english.updatedAt, translation.locale), englishPath }
}

/** The newest posts about a country in a locale, for its guide, and how many there are in all. */
export function latestCountryPosts(store: ContentStore, locale: Locale, code: string) {
  const docs = archive(store, locale).byCountry.get(code) ?? []
  return { posts: docs.slice(0, ARCHIVE.guideLatestPosts).map((doc) => card(store, doc)), total: docs.length }
}

export function findPost(store: ContentStore, locale: Locale, slug: string) {
  if (!slugPattern.test(slug)) return undefined
  return store.postsByLocale.get(locale)?.find((doc) => doc.slug === slug)
}

export function postView(store: ContentStore, locale: Locale, slug: string) {
  const doc = findPost(store, locale, slug)
  if (!doc) {
    // A slug the post had before: the route answers 301 to the current one.
    const renamed = slugPattern.test(slug) ? store.previousSlugs.get(locale)?.get(slug) : undefined
    return { post: null, alternates: null, related: [], ...(renamed ? { redirect: renamed.slug } : {}) }
  }
  const versions = store.postsByKey.get(doc.key) ?? new Map<Locale, PostDoc>()
  const translations = locales.flatMap((l) => {
    const version = versions.get(l)
    return version ? [{ language: l, slug: { current: version.slug } }] : []
  })
  const alternates: Alternate[] = translations.map((t) => ({
    locale: t.language,
    path: routePath('/blog/$slug', t.language, { slug: t.slug.current }),
  }))
  const others = (store.postsByLocale.get(locale) ?? []).filter((p) => p.key !== doc.key)
  const related = [
    ...others.filter((p) => doc.country && p.country === doc.country),
    ...others.filter((p) => !doc.country || p.country !== doc.country),
  ]
    .slice(0, 3)
    .map((p) => card(store, p))
  return {
    post: {
      key: doc.key,
      slug: doc.slug,
      title: doc.title,
      meta: doc.meta,
      summary: doc.summary,
      metaKeywords: doc.metaKeywords,
      author: doc.author,
      country: countryRef(store, doc.country, locale),
      publishedAt: doc.publishedAt,
      updatedAt: doc.updatedAt ?? null,
      ...dateLabels(doc),
      ...doc.html(),
      readingMinutes: doc.readingMinutes,
      _translations: translations,
      /** Only a preview sees these two set: readers never get a draft or a post before its time. */
      draft: doc.draft === true,
      scheduledFor: scheduledLabel(doc),
      outdated: outdatedNotice(store, doc),
    },
    alternates,
    related,
  }
}

/** Every spelling a reader may use for a guide country: ISO2 code and its slug in each locale. */
function countryByParam(store: ContentStore, param: string): GuideCountry | undefined {
  const lower = param.toLowerCase()
  for (const code of store.guides.keys()) {
    if (code.toLowerCase() === lower) return code
    if (locales.some((l) => countrySlug(code, l) === lower)) return code
  }
  return undefined
}

export type GuideView =
  | { kind: 'guide'; country: GuideData; alternates: Alternate[] }
  | { kind: 'redirect'; slug: string }
  | { kind: 'missing' }

export type GuideData = {
  code: GuideCountry
  slug: string
  englishName: string
  localizedName: string
  description: string
  html: string
  headings: Heading[]
  isFallback: boolean
  updatedAt: string
  facts: CountryFacts | null
  /** Set when this translation is behind its English source. */
  outdated: { updatedLabel: string; englishPath: string } | null
  /** The newest posts about the country (at most ARCHIVE.guideLatestPosts) and how many there are. */
  posts: PostCard[]
  total: number
}

export function guideView(store: ContentStore, locale: Locale, param: string): GuideView {
  if (param.length > 100) return { kind: 'missing' }
  const code = countryByParam(store, param)
  const versions = code && store.guides.get(code)
  const english = versions?.get('en')
  if (!code || !versions || !english?.body) return { kind: 'missing' }
  const slug = countrySlug(code, locale)
  if (param !== slug) return { kind: 'redirect', slug }
  const own = versions.get(locale)
  const body = own?.body ?? english.body
  return {
    kind: 'guide',
    country: {
      code,
      slug,
      englishName: countryName(code, 'en'),
      localizedName: countryName(code, locale),
      description: guideDescription(store, code, locale),
      ...body.html(),
      isFallback: !own?.body,
      updatedAt: own?.updatedAt ?? english.updatedAt,
      facts: countryFacts(code, locale),
      outdated: own?.body ? notice(own, english, routePath('/blog/countries/$country', 'en', { country: countrySlug(code, 'en') })) : null,
      ...latestCountryPosts(store, locale, code),
    },
    alternates: locales.map((l) => ({
      locale: l,
      path: routePath('/blog/countries/$country', l, { country: countrySlug(code, l) }),
      translated: l === 'en' || Boolean(versions.get(l)?.body),
    })),
  }
}

export function pageView(store: ContentStore, locale: Locale, page: PageKey) {
  const versions = store.pages.get(page)
  const doc = versions?.get(locale)
  const english = versions?.get('en')
  return {
    html: doc?.html().html ?? '',
    updatedAt: doc?.updatedAt ?? null,
    outdated: doc && english ? notice(doc, english, routePath(staticPageRoutes[pageKeys.indexOf(page)], 'en')) : null,
  }
}

/** Every renamed post URL and where it now is, for the static export's `_redirects`. */
export function slugRedirects(store: ContentStore) {
  return locales.flatMap((locale) =>
    [...(store.previousSlugs.get(locale) ?? new Map<string, PostDoc>())].map(([old, doc]) => ({
      from: routePath('/blog/$slug', locale, { slug: old }),
      to: routePath('/blog/$slug', locale, { slug: doc.slug }),
    })),
  )
}
