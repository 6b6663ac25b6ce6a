/**
 * What each page receives, built from the content store: one `View` per page (found, redirect or
 * missing) in the shapes of ./types.ts. Pure but for the clock, which a preview's scheduled label reads.
 */
import { m } from '../paraglide/messages'
import { locales, type Locale } from '../paraglide/runtime'
import { formatDate, formatDateTime } from '../i18n/format'
import { alternatesForRoute, routePath, type Alternate } from '../i18n/paths'
import { ARCHIVE } from '../config/constants'
import { archive, listAlternates } from './archive.server'
import { countryName, countrySlug, guideCountries, type GuideCountry } from './countries'
import { pageSlice } from './pagination'
import { daysBehind } from './outdated'
import { scheduledFor } from './visibility'
import type { ContentStore, PostDoc } from './load.server'
import { slugPattern } from './schema'
import { staticPages, type PageKey } from './static-pages'
import type { CountryRef, RelatedPost, GuideCard, GuideText, ListCountry, OutdatedNotice, Post, PostCard, PostList, StaticPage, View } from './types'

function countryRef(store: ContentStore, code: string | undefined, locale: Locale): CountryRef | null {
  if (!code) return null
  const hasGuide = guideCountries.some((c) => c === code && store.guides.has(c))
  return { code, name: countryName(code, locale), slug: hasGuide ? countrySlug(code, locale) : null }
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
    publishedLabel: formatDate(doc.publishedAt, doc.locale),
    updatedLabel: doc.updatedAt ? formatDate(doc.updatedAt, doc.locale) : null,
    readingMinutes: doc.readingMinutes,
  }
}

export function guideDescription(store: ContentStore, code: GuideCountry, locale: Locale): string {
  return store.guides.get(code)?.get(locale)?.description ?? m.guide_default_description({ name: countryName(code, locale) }, { locale })
}

function guideCards(store: ContentStore, locale: Locale): GuideCard[] {
  return [...store.guides.keys()]
    .map((code) => ({ code, name: countryName(code, locale), slug: countrySlug(code, locale), description: guideDescription(store, code, locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale))
}

const listCountryRef = (code: string, locale: Locale): ListCountry => ({ code, name: countryName(code, locale), slug: countrySlug(code, locale) })

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

/** One page of the blog index (`countryParam` null) or of a country's posts; a redirect names the country's slug. */
export function postListView(store: ContentStore, locale: Locale, countryParam: string | null, page: number): View<PostList> {
  let code: string | null = null
  if (countryParam !== null) {
    const found = listCountry(store, locale, countryParam)
    if (!found) return { kind: 'missing' }
    if (!found.canonical) return { kind: 'redirect', param: countrySlug(found.code, locale) }
    code = found.code
  }
  const own = archive(store, locale)
  const docs = code ? (own.byCountry.get(code) ?? []) : own.all
  const slice = pageSlice(docs.length, page, ARCHIVE.postsPerPage)
  if (!slice) return { kind: 'missing' }
  const cards = docs.slice(slice.start, slice.end).map((doc) => card(store, doc))
  const featured = !code && page === 1 ? (cards.shift() ?? null) : null
  return {
    kind: 'found',
    data: {
      featured,
      posts: cards,
      page,
      pageCount: slice.pageCount,
      total: docs.length,
      country: code ? { ...listCountryRef(code, locale), guide: countryRef(store, code, locale)?.slug ?? null } : null,
      countries: own.countries.map((c) => listCountryRef(c, locale)),
      guides: !code && page === 1 ? guideCards(store, locale) : [],
    },
    alternates: listAlternates(store, code, page),
  }
}

/** The newest posts about a country in a locale, for its guide, and how many there are in all. */
export function latestCountryPosts(store: ContentStore, locale: Locale, code: string): { posts: PostCard[]; total: number } {
  const docs = archive(store, locale).byCountry.get(code) ?? []
  return { posts: docs.slice(0, ARCHIVE.guideLatestPosts).map((doc) => card(store, doc)), total: docs.length }
}

function scheduledLabel(doc: PostDoc): string | null {
  const at = scheduledFor(doc, Date.now())
  return at === null ? null : formatDateTime(new Date(at).toISOString(), doc.locale)
}

/** For a translation behind its English source: when the source changed, and where it is. */
function notice(
  translation: { locale: Locale; updatedAt?: string; publishedAt?: string },
  english: { updatedAt?: string },
  englishPath: string,
): OutdatedNotice {
  if (!english.updatedAt || daysBehind(translation, english) === 0) return null
  return { updatedLabel: formatDate(english.updatedAt, translation.locale), englishPath }
}

/** Each store's posts by locale and slug, built on first use: a post is found without a scan of the archive. */
const slugIndexes = new WeakMap<ContentStore, Map<Locale, Map<string, PostDoc>>>()

function findPost(store: ContentStore, locale: Locale, slug: string): PostDoc | undefined {
  if (!slugPattern.test(slug)) return undefined
  let index = slugIndexes.get(store)
  if (!index) {
    index = new Map([...store.postsByLocale].map(([l, docs]) => [l, new Map(docs.map((doc) => [doc.slug, doc]))]))
    slugIndexes.set(store, index)
  }
  return index.get(locale)?.get(slug)
}

/**
 * The newest posts of the locale after `doc`, those about its country first: one walk of the
 * newest-first list that stops once that many of its country are found.
 */
function relatedDocs(store: ContentStore, doc: PostDoc, count: number): PostDoc[] {
  const sameCountry: PostDoc[] = []
  const rest: PostDoc[] = []
  for (const p of store.postsByLocale.get(doc.locale) ?? []) {
    if (p.key === doc.key) continue
    if (doc.country && p.country === doc.country) {
      sameCountry.push(p)
      if (sameCountry.length === count) break
    } else if (rest.length < count) rest.push(p)
  }
  return [...sameCountry, ...rest].slice(0, count)
}

/** Every language version of a post, as alternates. */
export function postAlternates(store: ContentStore, doc: PostDoc): Alternate[] {
  const versions = store.postsByKey.get(doc.key)
  return locales.flatMap((l) => {
    const version = versions?.get(l)
    return version ? [{ locale: l, path: routePath('/blog/$slug', l, { slug: version.slug }) }] : []
  })
}

/** A post by its slug; a slug it had before redirects to its current one. */
export function postView(store: ContentStore, locale: Locale, slug: string): View<Post> {
  const doc = findPost(store, locale, slug)
  if (!doc) {
    const renamed = slugPattern.test(slug) ? store.previousSlugs.get(locale)?.get(slug) : undefined
    return renamed ? { kind: 'redirect', param: renamed.slug } : { kind: 'missing' }
  }
  const related = relatedDocs(store, doc, 3).map((p): RelatedPost => {
    const related: RelatedPost & { summary?: string } = card(store, p)
    delete related.summary
    return related
  })
  const english = store.postsByKey.get(doc.key)?.get('en')
  return {
    kind: 'found',
    data: {
      ...card(store, doc),
      meta: doc.meta,
      metaKeywords: doc.metaKeywords,
      author: doc.author,
      ...doc.html(),
      draft: doc.draft === true,
      scheduledFor: scheduledLabel(doc),
      outdated: english ? notice(doc, english, routePath('/blog/$slug', 'en', { slug: english.slug })) : null,
      related,
    },
    alternates: postAlternates(store, doc),
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

/** A country guide by any spelling of its country; all but this locale's slug redirect to it. */
export function guideView(store: ContentStore, locale: Locale, param: string): View<GuideText> {
  if (param.length > 100) return { kind: 'missing' }
  const code = countryByParam(store, param)
  const versions = code && store.guides.get(code)
  const english = versions?.get('en')
  if (!code || !versions || !english?.body) return { kind: 'missing' }
  const slug = countrySlug(code, locale)
  if (param !== slug) return { kind: 'redirect', param: slug }
  const own = versions.get(locale)
  const body = own?.body ?? english.body
  return {
    kind: 'found',
    data: {
      code,
      slug,
      englishName: countryName(code, 'en'),
      localizedName: countryName(code, locale),
      description: guideDescription(store, code, locale),
      ...body.html(),
      isFallback: !own?.body,
      updatedAt: own?.updatedAt ?? english.updatedAt,
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

/** A static page's body in a locale. */
export function pageView(store: ContentStore, locale: Locale, page: PageKey): View<StaticPage> {
  const versions = store.pages.get(page)
  const doc = versions?.get(locale)
  if (!doc) return { kind: 'missing' }
  const english = versions?.get('en')
  const { route } = staticPages[page]
  return {
    kind: 'found',
    data: { html: doc.html().html, updatedAt: doc.updatedAt, outdated: english ? notice(doc, english, routePath(route, 'en')) : null },
    alternates: alternatesForRoute(route),
  }
}

/** Every renamed post URL and where it now is, for the static export's `_redirects`. */
export function slugRedirects(store: ContentStore): Array<{ from: string; to: string }> {
  return locales.flatMap((locale) =>
    [...(store.previousSlugs.get(locale) ?? new Map<string, PostDoc>())].map(([old, doc]) => ({
      from: routePath('/blog/$slug', locale, { slug: old }),
      to: routePath('/blog/$slug', locale, { slug: doc.slug }),
    })),
  )
}
