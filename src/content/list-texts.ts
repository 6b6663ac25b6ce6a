/** A list page's title and description, for its head and its screen alike. */
import { m } from '../paraglide/messages'
import type { PostList } from './types'

/** The list's title: the blog's or the country's, with the page number from page 2 on. */
export function listTitle(list: Pick<PostList, 'country' | 'page'>): string {
  const title = list.country ? m.guide_posts_title({ name: list.country.name }) : m.blog_title()
  return list.page > 1 ? m.list_page_title({ title, page: String(list.page) }) : title
}

export function listDescription(list: Pick<PostList, 'country'>): string {
  return list.country ? m.posts_about_description({ name: list.country.name }) : m.blog_description()
}
