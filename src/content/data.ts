/**
 * What each page reads, one function per kind of content, the same everywhere: on the server
 * straight from the content store; in the browser as the JSON answer of `/api/data/...`
 * (src/routes/api/data.$.ts), which the static export saves as files. Decision 012.
 */
import { createIsomorphicFn } from '@tanstack/react-start'
import type { Locale } from '../paraglide/runtime'
import type { PageKey } from './page-keys'
import { getContent } from './store.server'
import { guideView, pageView, postListView, postView } from './views.server'

export type PostListData = ReturnType<typeof postListView>
export type PostData = ReturnType<typeof postView>
export type GuideData = ReturnType<typeof guideView>
export type PageData = ReturnType<typeof pageView>

/** The data route's URL for a kind, a locale and a parameter, each segment encoded. */
export const dataPath = (...segments: string[]) => `/api/data/${segments.map(encodeURIComponent).join('/')}.json`

async function fromDataRoute<T>(path: string, missing?: T): Promise<T> {
  const response = await fetch(path)
  if (response.status === 404 && missing !== undefined) return missing
  if (!response.ok) throw new Error(`Could not load ${path}: ${response.status}`)
  return response.json() as Promise<T>
}

/** The data file of a list page: `list/{locale}/{page}` or `list/{locale}/{page}/{country}`. */
export const listDataPath = (locale: Locale, country: string | null, page: number) =>
  country === null ? dataPath('list', locale, String(page)) : dataPath('list', locale, String(page), country)

export const loadPostList = createIsomorphicFn()
  .server((locale: Locale, country: string | null, page: number): PostListData => postListView(getContent(), locale, country, page))
  .client((locale: Locale, country: string | null, page: number) =>
    fromDataRoute<PostListData>(listDataPath(locale, country, page), { kind: 'missing' }),
  )

export const loadPost = createIsomorphicFn()
  .server((locale: Locale, slug: string): PostData => postView(getContent(), locale, slug))
  .client((locale: Locale, slug: string) =>
    fromDataRoute<PostData>(dataPath('post', locale, slug), { post: null, alternates: null, related: [] }),
  )

export const loadGuide = createIsomorphicFn()
  .server((locale: Locale, country: string): GuideData => guideView(getContent(), locale, country))
  .client((locale: Locale, country: string) => fromDataRoute<GuideData>(dataPath('country', locale, country), { kind: 'missing' }))

export const loadPage = createIsomorphicFn()
  .server((locale: Locale, page: PageKey): PageData => pageView(getContent(), locale, page))
  .client((locale: Locale, page: PageKey) => fromDataRoute<PageData>(dataPath('page', locale, page)))
