/**
 * The data file a page reads in the browser, by the page's path (`/de/blog/seite/2` →
 * `list/de/2`), as `src/content/data.ts` fetches it. The static export saves one per page.
 */
import { parsePath } from '../src/i18n/paths'
import { pageKeys } from '../src/content/schema'
import { staticPageRoutes } from '../src/i18n/segments'

export function dataFileOf(pagePath: string): string | null {
  const parsed = parsePath(pagePath)
  if (parsed.kind !== 'route') return null
  const { locale, route, params } = parsed
  const e = encodeURIComponent
  switch (route) {
    case '/blog':
      return `list/${locale}/1`
    case '/blog/page/$page':
      return `list/${locale}/${e(params.page)}`
    case '/blog/countries/$country/posts':
      return `list/${locale}/1/${e(params.country)}`
    case '/blog/countries/$country/posts/page/$page':
      return `list/${locale}/${e(params.page)}/${e(params.country)}`
    case '/blog/$slug':
      return `post/${locale}/${e(params.slug)}`
    case '/blog/countries/$country':
      return `country/${locale}/${e(params.country)}`
    default: {
      const page = pageKeys[staticPageRoutes.indexOf(route)]
      return page ? `page/${locale}/${page}` : null
    }
  }
}
