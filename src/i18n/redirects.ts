/**
 * Redirects decided before rendering: '/' by cookie and Accept-Language, '/{lang}' to its blog,
 * and any route spelled with another locale's segment (or a trailing slash) to its one right URL.
 * Targets are built from our own table, so a redirect can never leave the site.
 */
import { readCookie } from '../config/cookies'
import { localeFromAcceptLanguage, localeFromCookie } from './resolve'
import { parsePath, routePath } from './paths'
import { baseLocale } from '../paraglide/runtime'

export type Redirect = { status: 301 | 302; location: string; vary?: string }

export function localeRedirect(url: URL, headers: Headers): Redirect | null {
  const parsed = parsePath(url.pathname)
  const search = url.search
  switch (parsed.kind) {
    case 'root': {
      const locale =
        localeFromCookie(readCookie(headers.get('cookie'), 'locale')) ?? localeFromAcceptLanguage(headers.get('accept-language')) ?? baseLocale
      return { status: 302, location: routePath('/blog', locale) + search, vary: 'Cookie, Accept-Language' }
    }
    case 'locale-root':
      return { status: 301, location: routePath('/blog', parsed.locale) + search }
    case 'route':
      return parsed.localizedPath === url.pathname ? null : { status: 301, location: parsed.localizedPath + search }
    default:
      return null
  }
}
