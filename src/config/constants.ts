/** Business constants of the product spec (section 9), in one place. */
const minute = 60_000

export const BRAND = 'Estate Atlas'

/** The author name of the editorial team in the posts' front matter; its byline is translated whole. */
export const EDITORS = 'Estate Atlas Editors'

/** How long each kind of data counts as fresh, in milliseconds. */
export const FRESHNESS = {
  blogIndex: 5 * minute,
  post: 10 * minute,
  country: 30 * minute,
} as const

export const ROUTER = {
  preloadDelayMs: 50,
  pendingMs: 1000,
  pendingMinMs: 500,
  gcTimeMs: 5 * minute,
} as const

export const QUERIES = {
  staleTimeMs: 5 * minute,
  retry: 2,
} as const

/** The archive's page sizes (issue 15): every list page costs the same however large the archive. */
export const ARCHIVE = {
  postsPerPage: 12,
  /** Posts a country guide lists before linking to the full list. */
  guideLatestPosts: 6,
  feedItems: 50,
  /** The sitemaps protocol's limits per file. */
  sitemapMaxUrls: 50_000,
  sitemapMaxBytes: 50 * 1024 * 1024,
} as const

/** Search results: the reader's browser a minute; queries are not worth a place in shared caches. A constant of its own because the search page's route, which runs in the browser too, names it. */
const SEARCH_RESULTS = 'private, max-age=60'

/**
 * Every other Cache-Control the site sends, named by what it is for (issue 36: one source; pages
 * and their data use `cacheControl` with the spec's freshness above).
 */
export const CACHE_POLICY = {
  /** Sitemaps: crawlers come back hourly; a new post appears within the hour. */
  sitemap: 'public, max-age=300, s-maxage=3600',
  /** The RSS feed: readers' apps poll it; a new post appears within five minutes. */
  feed: 'public, max-age=300, s-maxage=300',
  /** robots.txt changes with a deployment only. */
  robots: 'public, max-age=3600',
  /** A calculator's answer for the values in its URL: the reader's browser a minute, not a CDN's time. */
  calculatorAnswer: 'public, max-age=60',
  /** Errors, refusals and API answers that must be asked again every time. */
  never: 'no-store',
  /** An editor's preview and what sets its cookie: nobody else's cache, ever. */
  preview: 'private, no-store',
  /** The locale redirect of `/`: it depends on the reader's cookie and languages, so revalidate. */
  redirect: 'no-cache',
  searchResults: SEARCH_RESULTS,
  /** A file whose address changes with its content (hashed assets, share images by version): kept a year. */
  fingerprinted: 'public, max-age=31536000, immutable',
  /** The same for the editorial interface's hashed assets, which only its editors fetch. */
  fingerprintedPrivate: 'private, max-age=31536000, immutable',
  /** The site's other public files (icons, the manifest, robots' neighbours): an hour. */
  publicFile: 'public, max-age=3600',
} as const

/** Search (issue 14). */
export const SEARCH = {
  /** Longer queries are cut (and the reader told); nothing longer reaches the engine. */
  maxQueryLength: 200,
  /** Results on the search page, and in the list that opens under the header's field. */
  pageResults: 30,
  panelResults: 6,
  /** Words of context shown around the first match. */
  excerptWords: 30,
  /**
   * Headers of the search page and /api/search: kept a minute by the reader's browser only (queries
   * are not worth a place in shared caches), and out of search engines.
   */
  headers: { 'Cache-Control': SEARCH_RESULTS, 'X-Robots-Tag': 'noindex' },
} as const

/** What the content loader accepts (issue 35): a larger file is refused before it is read. */
export const CONTENT_LIMITS = {
  /** The largest content file today is 42 KB; a guide in full is under 70 KB. */
  maxFileBytes: 1024 * 1024,
} as const

/** What a worker keeps of its content beyond the store itself (issue 22: memory bounded at any archive size). */
export const CONTENT_MEMORY = {
  /** Rendered HTML of the bodies read most recently; an uncached render of a post costs a few ms. */
  renderedBodiesBytes: 16 * 1024 * 1024,
} as const

export const SHARE_IMAGE = { width: 1200, height: 630 } as const

export const ANALYTICS = {
  sessionIdleTimeoutSeconds: 1800,
  cookieExpirationDays: 365,
  featureFlagRequestTimeoutMs: 3000,
  surveyTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  maxPropertyStringLength: 65_535,
} as const

/**
 * Cache-Control for HTML and data: browsers keep a minute, shared caches (CDN, our page cache) the
 * spec's freshness, then may serve stale for a day while one request refreshes.
 */
export function cacheControl(freshMs: number) {
  return `public, max-age=60, s-maxage=${Math.round(freshMs / 1000)}, stale-while-revalidate=86400`
}
