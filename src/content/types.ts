/**
 * The shapes pages receive from the content, on the server and (as /api/data JSON) in the browser.
 * Components and routes import these; nothing here imports server code.
 */
import type { Alternate } from '../i18n/paths'
import type { GuideCountry } from './countries'
import type { GuideFigures } from '../key-figures/types'

/** What every view answers: the page and its URLs in every language, the right spelling of its parameter (301), or nothing (404). */
export type View<T> = { kind: 'found'; data: T; alternates: Alternate[] } | { kind: 'redirect'; param: string } | { kind: 'missing' }

/** An h2 or h3 of a body, for the table of contents. */
export type Heading = { id: string; text: string; depth: 2 | 3 }

/** A country as a page mentions it; `slug` is its guide's URL parameter when it has a guide. */
export type CountryRef = { code: string; name: string; slug: string | null }

/** A country as the lists name it: `slug` is its list's URL parameter in the locale. */
export type ListCountry = { code: string; name: string; slug: string }

/** Set on a translation whose English source changed after it: when, and where the source is. */
export type OutdatedNotice = { updatedLabel: string; englishPath: string } | null

export type PostCard = {
  key: string
  slug: string
  title: string
  summary: string
  country: CountryRef | null
  publishedAt: string
  updatedAt: string | null
  /** The dates as the locale writes them, formatted on the server so the browser needs no Intl data. */
  publishedLabel: string
  updatedLabel: string | null
  readingMinutes: number
}

export type GuideCard = { code: GuideCountry; name: string; slug: string; description: string }

/** One page of the blog index or of a country's posts. */
export type PostList = {
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
}

export type Post = {
  key: string
  slug: string
  title: string
  meta: string
  summary: string
  metaKeywords: string[]
  author: string
  country: CountryRef | null
  publishedAt: string
  updatedAt: string | null
  publishedLabel: string
  updatedLabel: string | null
  /** The body's HTML; absent from the data of a page's own request, which carries it once (body.ts). */
  html?: string
  headings: Heading[]
  readingMinutes: number
  /** Only a preview sees these two set: readers never get a draft or a post before its time. */
  draft: boolean
  scheduledFor: string | null
  outdated: OutdatedNotice
  /** Up to three other posts, about the same country first. */
  related: RelatedPost[]
}

/** A post named beside another: a card without its summary. */
export type RelatedPost = Omit<PostCard, 'summary'>

/** A guide as the content gives it: its text, its headings and its latest posts. */
export type GuideText = {
  code: GuideCountry
  slug: string
  englishName: string
  localizedName: string
  description: string
  /** As Post's html: absent from the data of the page's own request. */
  html?: string
  headings: Heading[]
  /** The English body, shown for want of a translation (and kept out of hreflang and search engines). */
  isFallback: boolean
  updatedAt: string
  outdated: OutdatedNotice
  /** The newest posts about the country and how many there are in all. */
  posts: PostCard[]
  total: number
}

/** A guide as its page receives it: the text, with the dataset's figures for the country (issue 23; null when it has none), drawn in src/page-data. */
export type Guide = GuideText & { keyFigures: GuideFigures | null }

/** A static page's body (its title and lede are interface texts, src/content/static-pages.ts). */
export type StaticPage = { html?: string; updatedAt: string; outdated: OutdatedNotice }
