/**
 * The server entry's adjustments around Start and Paraglide (see README.md in this folder): our
 * stand-in for Paraglide's middleware, the locale prefix of unknown paths, and the answer to Start's
 * server-function endpoint, which this site does not use.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { localeFromPath } from '../i18n/resolve'
import { overwriteServerAsyncLocalStorage, type Locale } from '../paraglide/runtime'
import { deferScripts } from './defer-scripts'
import { pageMessages } from './page-messages.server'
import { CACHE_POLICY } from '../config/constants'

/**
 * The request's locale in the AsyncLocalStorage Paraglide's runtime reads, and the messages the page
 * called injected into its HTML for the browser (decision 006, issue 27). Paraglide's own middleware re-derives the locale
 * and the redirect with URLPatterns on every request, work our redirects and resolver have done.
 */
const requestStore = new AsyncLocalStorage<{ locale?: Locale; origin?: string; messageCalls?: Set<string> }>()
overwriteServerAsyncLocalStorage(requestStore)

export function withLocale(request: Request, locale: Locale, render: () => Response | Promise<Response>): Promise<Response> {
  return requestStore.run({ locale, origin: new URL(request.url).origin, messageCalls: new Set<string>() }, async () => render())
}

/**
 * The rendered document finished for the browser, inside the request's store (src/framework/
 * render-page.server.tsx): the messages its render called, before `</head>`, and Start's scripts
 * deferred behind the first paint. The render has called every message by then.
 */
export function finishPage(html: string): string {
  const store = requestStore.getStore()
  const messages = store?.locale ? pageMessages(store.locale, store.messageCalls ?? []) : ''
  return deferScripts(html, messages)
}

/**
 * Runs `render` with Paraglide's locale set to `locale`: markup drawn on the server for a page's
 * data (the key figures' tables and charts) speaks the data's language, whichever request asked
 * for it (`/api/data/compare/de.json` is resolved to the reader's locale, not `de`).
 */
export function inLocale<T>(locale: Locale, render: () => T): T {
  // Not the page's render: the messages this markup calls are in the markup, and the browser needs
  // none of them to hydrate (recorded, they went into the page's script when its render built them).
  return requestStore.run({ ...requestStore.getStore(), locale, messageCalls: undefined }, render)
}

/**
 * A page path without a locale prefix ('/xx/foo') is no page: give it the reader's locale so the
 * router renders the not-found page with status 404 instead of redirecting to a prefixed URL.
 */
export function withLocalePrefix(request: Request, locale: Locale): Request {
  const url = new URL(request.url)
  if (url.pathname.startsWith('/api/')) return request
  if (localeFromPath(url.pathname)) return request
  url.pathname = `/${locale}${url.pathname}`
  return new Request(url, request)
}

/**
 * The site has no server functions (pages read /api/data, decision 012): Start's endpoint for them
 * is answered before Start logs an unknown id with a stack trace.
 */
export function serverFunctionEndpoint(pathname: string): Response | null {
  if (pathname !== '/_serverFn' && !pathname.startsWith('/_serverFn/')) return null
  return Response.json({ error: 'Not Found: this site has no server functions' }, { status: 404, headers: { 'Cache-Control': CACHE_POLICY.never } })
}
