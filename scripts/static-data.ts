/**
 * The data file a page reads in the browser, by the page's path (`/de/blog/seite/2` →
 * `list/de/2`), named as `src/page-data/loaders.ts` fetches it. The static export saves one per page.
 */
import { dataFile, listDataFile } from '../src/content/data-files'
import { parsePath } from '../src/i18n/paths'
import { pageKeys, staticPages } from '../src/content/static-pages'

export function dataFileOf(pagePath: string): string | null {
  const parsed = parsePath(pagePath)
  if (parsed.kind !== 'route') return null
  const { locale, route, params } = parsed
  switch (route) {
    case '/blog':
      return listDataFile(locale, null, 1)
    case '/blog/page/$page':
      return listDataFile(locale, null, Number(params.page))
    case '/blog/countries/$country/posts':
      return listDataFile(locale, params.country, 1)
    case '/blog/countries/$country/posts/page/$page':
      return listDataFile(locale, params.country, Number(params.page))
    case '/blog/$slug':
      return dataFile('post', locale, params.slug)
    case '/blog/countries/$country':
      return dataFile('country', locale, params.country)
    case '/blog/countries/compare':
      return dataFile('compare', locale)
    case '/search':
      // The search page reads no data file: the browser asks Pagefind's index (decision 014).
      return null
    default: {
      const key = pageKeys.find((k) => staticPages[k].route === route)
      return key ? dataFile('page', locale, key) : null
    }
  }
}
