/**
 * The archive's list pages, one shape for four routes: the blog index (page 1 and page N) and a
 * country's posts (page 1 and page N). This module is what those routes need at start (loader,
 * headers, head); the screen is components/PostListView.tsx.
 */
import { notFound, redirect } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { cacheControl, FRESHNESS } from '../config/constants'
import { siteUrlOf } from '../config/site'
import { listDescription, listTitle } from '../content/list-texts'
import { pageTarget } from '../content/page-target'
import { parsePageParam } from '../content/pagination'
import { postListQuery } from '../page-data/queries'
import type { PostList } from '../content/types'
import { isPlausibleParam, type Alternate } from '../i18n/paths'
import { getLocale } from '../i18n/locale'
import { ogImagePath } from '../og/path'
import { m } from '../paraglide/messages'
import { buildHead } from '../seo/head'

/** The page a list URL asks for: its page parameter read strictly (`/seite/1` is not page 1's URL). */
function requestedPage(pageParam: string | undefined): number {
  const page = parsePageParam(pageParam)
  if (page === null) throw notFound()
  return page
}

/** What the head and the language picker need; the list itself stays in the query cache, sent once. */
export type ListHeadData = Pick<PostList, 'country' | 'page'> & { alternates: Alternate[] }

/** Loads one list page; the wrong spelling of a page or a country is a 301, a page past the last a 404. */
export async function loadList(queryClient: QueryClient, country: string | null, pageParam: string | undefined): Promise<ListHeadData> {
  if (country !== null && !isPlausibleParam(country)) throw notFound()
  const page = requestedPage(pageParam)
  if (pageParam !== undefined && page === 1) throw redirect({ ...pageTarget(country, 1), statusCode: 301 })
  const view = await queryClient.ensureQueryData(postListQuery(getLocale(), country, page))
  if (view.kind === 'redirect') throw redirect({ ...pageTarget(view.param, page), statusCode: 301 })
  if (view.kind === 'missing') throw notFound()
  return { alternates: view.alternates, country: view.data.country, page: view.data.page }
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
