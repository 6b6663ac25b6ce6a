/** The answers of the content server functions, built from the store. Pure; see views.test.ts. */
import { m } from '../paraglide/messages'
import { locales, type Locale } from '../paraglide/runtime'
import { formatDate } from '../i18n/format'
import { routePath, type Alternate } from '../i18n/paths'
import { alternatesForRoute } from '../i18n/paths'
import { countryFacts, countryName, countrySlug, guideCountries, type CountryFacts, type GuideCountry } from './countries'
import type { ContentStore, PostDoc } from './load.server'
import type { Heading } from './markdown.server'
import { slugPattern, type PageKey } from './schema'

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

export function blogIndex(store: ContentStore, locale: Locale) {
  return {
    posts: (store.postsByLocale.get(locale) ?? []).map((doc) => card(store, doc)),
    guides: guideCards(store, locale),
    alternates: alternatesForRoute('/blog'),
  }
}

export function findPost(store: ContentStore, locale: Locale, slug: string) {
  if (!slugPattern.test(slug)) return undefined
  return store.postsByLocale.get(locale)?.find((doc) => doc.slug === slug)
}

export function postView(store: ContentStore, locale: Locale, slug: string) {
  const doc = findPost(store, locale, slug)
  if (!doc) return { post: null, alternates: null, related: [] }
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
  posts: PostCard[]
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
      posts: (store.postsByLocale.get(locale) ?? []).filter((p) => p.country === code).map((p) => card(store, p)),
    },
    alternates: locales.map((l) => ({
      locale: l,
      path: routePath('/blog/countries/$country', l, { country: countrySlug(code, l) }),
      translated: l === 'en' || Boolean(versions.get(l)?.body),
    })),
  }
}

export function pageView(store: ContentStore, locale: Locale, page: PageKey) {
  const doc = store.pages.get(page)?.get(locale)
  return { html: doc?.html().html ?? '', updatedAt: doc?.updatedAt ?? null }
}
