/**
 * What each page reads, one function per kind of content, the same everywhere: on the server
 * straight from the content store; in the browser as the JSON answer of `/api/data/...`
 * (src/routes/api/data.$.ts), which the static export saves as files. Decision 012.
 */
import { createIsomorphicFn } from '@tanstack/react-start'
import type { Locale } from '../paraglide/runtime'
import { dataFile, dataUrl, listDataFile } from './data-files'
import type { PageKey } from './page-keys'
import { getContent } from './store.server'
import { guideView, pageView, postListView, postView } from './views.server'

export type PostListData = ReturnType<typeof postListView>
export type PostData = ReturnType<typeof postView>
export type GuideData = ReturnType<typeof guideView>
export type PageData = ReturnType<typeof pageView>


async function fromDataRoute<T>(path: string, missing?: T): Promise<T> {
  const response = await fetch(path)
  if (response.status === 404 && missing !== undefined) return missing
  if (!response.ok) throw new Error(`Could not load ${path}: ${response.status}`)
  return response.json() as Promise<T>
}


export const loadPostList = createIsomorphicFn()
  .server((locale: Locale, country: string | null, page: number): PostListData => postListView(getContent(), locale, country, page))
  .client((locale: Locale, country: string | null, page: number) =>
    fromDataRoute<PostListData>(dataUrl(listDataFile(locale, country, page)), { kind: 'missing' }),
  )

export const loadPost = createIsomorphicFn()
  .server((locale: Locale, slug: string): PostData => postView(getContent(), locale, slug))
  .client((locale: Locale, slug: string) =>
    fromDataRoute<PostData>(dataUrl(dataFile('post', locale, slug)), { post: null, alternates: null, related: [] }),
  )

export const loadGuide = createIsomorphicFn()
  .server((locale: Locale, country: string): GuideData => guideView(getContent(), locale, country))
  .client((locale: Locale, country: string) => fromDataRoute<GuideData>(dataUrl(dataFile('country', locale, country)), { kind: 'missing' }))

export const loadPage = createIsomorphicFn()
  .server((locale: Locale, page: PageKey): PageData => pageView(getContent(), locale, page))
  .client((locale: Locale, page: PageKey) => fromDataRoute<PageData>(dataUrl(dataFile('page', locale, page))))
