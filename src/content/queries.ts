/** Query options per kind of content, with the spec's freshness. */
import { queryOptions } from '@tanstack/react-query'
import { FRESHNESS } from '../config/constants'
import type { Locale } from '../paraglide/runtime'
import { fetchBlogIndex, fetchCountryGuide, fetchPost, fetchStaticPage } from './content.functions'
import type { PageKey } from './schema'

export const blogIndexQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['blog-index', locale],
    queryFn: () => fetchBlogIndex({ data: { locale } }),
    staleTime: FRESHNESS.blogIndex,
  })

export const postQuery = (locale: Locale, slug: string) =>
  queryOptions({
    queryKey: ['post', locale, slug],
    queryFn: () => fetchPost({ data: { locale, slug } }),
    staleTime: FRESHNESS.post,
  })

export const countryGuideQuery = (locale: Locale, country: string) =>
  queryOptions({
    queryKey: ['country', locale, country],
    queryFn: () => fetchCountryGuide({ data: { locale, country } }),
    staleTime: FRESHNESS.country,
  })

export const staticPageQuery = (locale: Locale, page: PageKey) =>
  queryOptions({
    queryKey: ['page', locale, page],
    queryFn: () => fetchStaticPage({ data: { locale, page } }),
    staleTime: FRESHNESS.country,
  })
