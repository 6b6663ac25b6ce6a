/**
 * The active locale. On the server it is the request's (the server entry keeps it per request in
 * the storage Paraglide's runtime reads: src/framework/locale-request.server.ts); in the browser it is read from the page's URL, then cookie, browser, English — without
 * writing anything, and without shipping Paraglide's URL-pattern runtime to the browser.
 */
import { getLocale as requestLocale, type Locale } from '../paraglide/runtime'
import { readBrowserCookie } from '../config/cookies'
import { resolveLocale } from './resolve'

export function getLocale(): Locale {
  if (import.meta.env.SSR) return requestLocale()
  // Called for every message and link a render builds. The sources are getters, so resolveLocale
  // reads the cookie and languages only when the URL has no locale — document.cookie is a slow
  // getter in Chromium.
  return resolveLocale({
    pathname: window.location.pathname,
    get localeCookie() {
      return readBrowserCookie(document.cookie, 'locale')
    },
    get acceptLanguage() {
      return navigator.languages.join(',')
    },
  })
}
