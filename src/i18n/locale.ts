/**
 * The active locale. On the server it is the request's (Paraglide's middleware keeps it per
 * request); in the browser it is read from the page's URL, then cookie, browser, English — without
 * writing anything, and without shipping Paraglide's URL-pattern runtime to the browser.
 */
import { getLocale as requestLocale, type Locale } from '../paraglide/runtime'
import { localeFromPath, resolveLocale } from './resolve'

export function getLocale(): Locale {
  if (import.meta.env.SSR) return requestLocale()
  // Called for every message and link a render builds. The URL decides on every page (strategy
  // 'url' comes first); cookie and languages are read only when it does not — document.cookie is
  // a slow getter in Chromium.
  const pathname = window.location.pathname
  return (
    localeFromPath(pathname) ??
    resolveLocale({ pathname, cookieHeader: document.cookie, acceptLanguage: navigator.languages.join(',') })
  )
}
