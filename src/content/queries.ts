/** Query options per kind of content, with the spec's freshness. */
import { queryOptions } from '@tanstack/react-query'
import { FRESHNESS } from '../config/constants'
import type { Locale } from '../paraglide/runtime'
import { fetchBlogIndex, fetchCountryGuide, fetchPost, fetchStaticPage } from './content.functions'
import type { PageKey } from './page-keys'

/**
 * The static export's browser build reads the same answers from JSON files saved next to the
 * pages (`/api/data/...`); the server build calls the server functions.
 */
const staticExport = import.meta.env.VITE_STATIC_EXPORT === '1' && !import.meta.env.SSR
async function fromFile<T>(path: string): Promise<T> {
  const response = await fetch(`/api/data/${path}.json`)
  if (!response.ok) throw new Error(`Could not load ${path}: ${response.status}`)
  return response.json()
}

export const blogIndexQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['blog-index', locale],
    queryFn: () => (staticExport ? fromFile<Awaited<ReturnType<typeof fetchBlogIndex>>>(`index/${locale}`) : fetchBlogIndex({ data: { locale } })),
    staleTime: FRESHNESS.blogIndex,
  })

export const postQuery = (locale: Locale, slug: string) =>
  queryOptions({
    queryKey: ['post', locale, slug],
    queryFn: () =>
      staticExport
        ? fromFile<Awaited<ReturnType<typeof fetchPost>>>(`post/${locale}/${slug}`).catch(() => ({ post: null, alternates: null, related: [] }))
        : fetchPost({ data: { locale, slug } }),
    staleTime: FRESHNESS.post,
  })

export const countryGuideQuery = (locale: Locale, country: string) =>
  queryOptions({
    queryKey: ['country', locale, country],
    queryFn: () =>
      staticExport
        ? fromFile<Awaited<ReturnType<typeof fetchCountryGuide>>>(`country/${locale}/${country}`).catch(() => ({ kind: 'missing' as const }))
        : fetchCountryGuide({ data: { locale, country } }),
    staleTime: FRESHNESS.country,
  })

export const staticPageQuery = (locale: Locale, page: PageKey) =>
  queryOptions({
    queryKey: ['page', locale, page],
    queryFn: () =>
      staticExport ? fromFile<Awaited<ReturnType<typeof fetchStaticPage>>>(`page/${locale}/${page}`) : fetchStaticPage({ data: { locale, page } }),
    staleTime: FRESHNESS.country,
  })
