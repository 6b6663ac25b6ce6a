/** Router targets of the archive's list pages (kept apart from the pagination bar, which only the lists load). */

/** Where a page number leads: the index's or a country list's page, as router targets. */
export type PageTarget =
  | { to: '/blog' }
  | { to: '/blog/page/$page'; params: { page: string } }
  | { to: '/blog/countries/$country/posts'; params: { country: string } }
  | { to: '/blog/countries/$country/posts/page/$page'; params: { country: string; page: string } }

/** The router target of page `page` of the index (`country` null) or of a country's list. */
export function pageTarget(country: string | null, page: number): PageTarget {
  if (country === null) return page === 1 ? { to: '/blog' } : { to: '/blog/page/$page', params: { page: String(page) } }
  return page === 1
    ? { to: '/blog/countries/$country/posts', params: { country } }
    : { to: '/blog/countries/$country/posts/page/$page', params: { country, page: String(page) } }
}
