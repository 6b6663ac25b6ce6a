/** Query options per kind of content, with the spec's freshness. */
import { queryOptions } from '@tanstack/react-query'
import { FRESHNESS } from '../config/constants'
import type { Locale } from '../paraglide/runtime'
import { loadComparison, loadGuide, loadPage, loadPost, loadPostList } from './loaders'
import type { PageKey } from '../content/static-pages'

/** A page of the blog index (`country` null) or of one country's posts (its slug in `locale`). */
export const postListQuery = (locale: Locale, country: string | null, page: number) =>
  queryOptions({
    queryKey: ['post-list', locale, country, page],
    queryFn: () => loadPostList(locale, country, page),
    staleTime: FRESHNESS.blogIndex,
  })

export const postQuery = (locale: Locale, slug: string) =>
  queryOptions({
    queryKey: ['post', locale, slug],
    queryFn: () => loadPost(locale, slug),
    staleTime: FRESHNESS.post,
  })

export const countryGuideQuery = (locale: Locale, country: string) =>
  queryOptions({
    queryKey: ['country', locale, country],
    queryFn: () => loadGuide(locale, country),
    staleTime: FRESHNESS.country,
  })

export const staticPageQuery = (locale: Locale, page: PageKey) =>
  queryOptions({
    queryKey: ['page', locale, page],
    queryFn: () => loadPage(locale, page),
    staleTime: FRESHNESS.country,
  })

export const comparisonQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['compare', locale],
    queryFn: () => loadComparison(locale),
    staleTime: FRESHNESS.country,
  })
