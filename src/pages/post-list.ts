/**
 * The archive's list pages, one shape for four routes: the blog index (page 1 and page N) and a
 * country's posts (page 1 and page N). This module is what those routes need at start (loader,
 * headers, head); the screen is PostListView.tsx.
 */
import { notFound, redirect } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { pageTarget } from './page-target'
import { cacheControl, FRESHNESS } from '../config/constants'
import { siteUrlOf } from '../config/site'
import { parsePageParam } from '../content/pagination'
import { postListQuery } from '../content/queries'
import { isPlausibleParam } from '../i18n/paths'
import { getLocale } from '../i18n/locale'
import { ogImagePath } from '../og/path'
import { m } from '../paraglide/messages'
import { buildHead } from '../seo/head'
import type { PostListView } from '../content/views.server'

export type PostList = Extract<PostListView, { kind: 'list' }>

/** The page a list URL asks for: its page parameter read strictly (`/seite/1` is not page 1's URL). */
function requestedPage(pageParam: string | undefined) {
  const page = parsePageParam(pageParam)
  if (page === null) throw notFound()
  return page
}

/** What the head and the language picker need; the list itself stays in the query cache, sent once. */
export type ListHeadData = Pick<PostList, 'alternates' | 'country' | 'page'>

/** Loads one list page; the wrong spelling of a page or a country is a 301, a page past the last a 404. */
export async function loadList(queryClient: QueryClient, country: string | null, pageParam: string | undefined): Promise<ListHeadData> {
  if (country !== null && !isPlausibleParam(country)) throw notFound()
  const page = requestedPage(pageParam)
  if (pageParam !== undefined && page === 1) throw redirect({ ...pageTarget(country, 1), statusCode: 301 })
  const view = await queryClient.ensureQueryData(postListQuery(getLocale(), country, page))
  if (view.kind === 'redirect') throw redirect({ ...pageTarget(view.country, page), statusCode: 301 })
  if (view.kind === 'missing') throw notFound()
  return { alternates: view.alternates, country: view.country, page: view.page }
}

/** The list's title: the blog's or the country's, with the page number from page 2 on. */
export function listTitle(list: Pick<PostList, 'country' | 'page'>) {
  const title = list.country ? m.guide_posts_title({ name: list.country.name }) : m.blog_title()
  return list.page > 1 ? m.list_page_title({ title, page: String(list.page) }) : title
}

export function listDescription(list: Pick<PostList, 'country'>) {
  return list.country ? m.posts_about_description({ name: list.country.name }) : m.blog_description()
}

export const listHeaders = () => ({ 'Cache-Control': cacheControl(FRESHNESS.blogIndex) })

/** Head of a list page: self-canonical, its own title, hreflang only where the same page exists. */
export function listHead({ loaderData, matches }: { loaderData?: ListHeadData; matches: ReadonlyArray<{ loaderData?: unknown }> }) {
  if (!loaderData) return buildHead({ title: m.not_found_title(), description: m.not_found_text(), noindex: true })
  const locale = getLocale()
  const title = listTitle(loaderData)
  const description = listDescription(loaderData)
  return buildHead({
    title,
    description,
    locale,
    path: loaderData.alternates.find((a) => a.locale === locale)?.path,
    siteUrl: siteUrlOf(matches),
    alternates: loaderData.alternates,
    image: { path: ogImagePath({ title, type: 'Generic', locale, description }), alt: title },
  })
}
