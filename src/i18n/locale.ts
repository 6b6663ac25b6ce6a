/**
 * The active locale. On the server it is the request's (Paraglide's middleware keeps it per
 * request); in the browser it is read from the page's URL, then cookie, browser, English — without
 * writing anything, and without shipping Paraglide's URL-pattern runtime to the browser.
 */
import { getLocale as requestLocale, type Locale } from '../paraglide/runtime'
import { resolveLocale } from './resolve'

export function getLocale(): Locale {
  if (import.meta.env.SSR) return requestLocale()
  return resolveLocale({
    pathname: window.location.pathname,
    cookieHeader: document.cookie,
    acceptLanguage: navigator.languages.join(','),
  })
}
