import '@inlang/paraglide-js/urlpattern-polyfill'
import handler from '@tanstack/react-start/server-entry'
import { localeRedirect } from './i18n/redirects'
import { localeFromPath, resolveLocale } from './i18n/resolve'
import { AsyncLocalStorage } from 'node:async_hooks'
import { deferScripts } from './document/defer-scripts'
import { messageScripts } from './paraglide/message-scripts.js'
import { overwriteServerAsyncLocalStorage, type Locale } from './paraglide/runtime'
import { getContent, msUntilNextPublication, onContentChange, watchContent } from './content/store.server'
import { isPreviewToken, PREVIEW_COOKIE, previewCookieValue, runPreview } from './content/preview.server'

/**
 * Our stand-in for Paraglide's middleware: the request's locale in the AsyncLocalStorage Paraglide's
 * runtime reads, and the locale's messages injected into HTML for the browser (decision 006).
 * Paraglide's own middleware re-derives the locale and the redirect with URLPatterns on every
 * request, work our redirects and resolver have already done.
 */
const requestStore = new AsyncLocalStorage<{ locale?: Locale; origin?: string; messageCalls?: Set<string> }>()
overwriteServerAsyncLocalStorage(requestStore)

async function withLocale(request: Request, locale: Locale, render: () => Response | Promise<Response>) {
  const response = await requestStore.run({ locale, origin: new URL(request.url).origin, messageCalls: new Set() }, async () => render())
  if (!response.headers.get('content-type')?.includes('text/html')) return response
  const html = await response.text()
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  const page = deferScripts(html.replace('</head>', `${messageScripts[locale]}</head>`))
  // A Buffer body: a string would be re-checked for lone surrogates (WebIDL USVString) on every render.
  return new Response(Buffer.from(page), { status: response.status, statusText: response.statusText, headers })
}

/**
 * A page path without a locale prefix ('/xx/foo') is no page: give it the reader's locale so the
 * router renders the not-found page with status 404 instead of redirecting to a prefixed URL.
 */
function withLocalePrefix(request: Request, locale: Locale) {
  const url = new URL(request.url)
  if (url.pathname.startsWith('/api/')) return request
  if (localeFromPath(url.pathname)) return request
  url.pathname = `/${locale}${url.pathname}`
  return new Request(url, request)
}

/** A response whose headers may be changed (some responses' headers are immutable). */
function withHeaders(response: Response, change: (headers: Headers) => void) {
  const headers = new Headers(response.headers)
  change(headers)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/**
 * No shared cache may keep an answer past the next scheduled publication: its s-maxage is cut to
 * the seconds left, so a scheduled post appears in lists, feeds and sitemaps on time (decision 013).
 */
export function capSharedMaxAge(cacheControl: string, msLeft: number | null) {
  if (msLeft === null) return cacheControl
  const seconds = Math.max(1, Math.ceil(msLeft / 1000))
  return cacheControl.replace(/s-maxage=(\d+)/, (whole, value: string) => (Number(value) > seconds ? `s-maxage=${seconds}` : whole))
}

export default {
  async fetch(request: Request): Promise<Response> {
    const requested = new URL(request.url)
    // `?preview=<token>` on any page: the right token sets the preview cookie and comes back to
    // the page without it in the URL; a wrong one is ignored, as if there were none.
    const token = requested.searchParams.get('preview')
    if (token !== null && isPreviewToken(token) && (request.method === 'GET' || request.method === 'HEAD')) {
      requested.searchParams.delete('preview')
      const secure = requested.protocol === 'https:' ? '; Secure' : ''
      return new Response(null, {
        status: 302,
        headers: {
          Location: `${requested.pathname}${requested.search}`,
          'Set-Cookie': `${PREVIEW_COOKIE}=${token}; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax${secure}`,
          'Cache-Control': 'private, no-store',
        },
      })
    }
    const preview = isPreviewToken(previewCookieValue(request.headers.get('cookie')))
    const response = await runPreview(preview, () => answer(request))
    if (preview) {
      return withHeaders(response, (headers) => {
        headers.set('Cache-Control', 'private, no-store')
        headers.set('X-Robots-Tag', 'noindex')
      })
    }
    const cacheControl = response.headers.get('cache-control')
    if (!cacheControl?.includes('s-maxage')) return response
    const capped = capSharedMaxAge(cacheControl, msUntilNextPublication())
    return capped === cacheControl ? response : withHeaders(response, (headers) => headers.set('Cache-Control', capped))
  },
}

/** Redirects, the locale, and the app's answer. */
async function answer(request: Request): Promise<Response> {
  const redirect = localeRedirect(new URL(request.url), request.headers)
  if (redirect) {
    const headers = new Headers({ Location: redirect.location, 'Cache-Control': 'no-cache' })
    if (redirect.vary) headers.set('Vary', redirect.vary)
    return new Response(null, { status: redirect.status, headers })
  }
  const url = new URL(request.url)
  const locale = resolveLocale({
    pathname: url.pathname,
    cookieHeader: request.headers.get('cookie'),
    acceptLanguage: request.headers.get('accept-language'),
  })
  const render = () => withLocale(request, locale, () => handler.fetch(withLocalePrefix(request, locale)))
  // The site has no server functions (pages read /api/data, decision 012): Start's endpoint for
  // them answers here, before Start logs an unknown id with a stack trace.
  if (url.pathname === '/_serverFn' || url.pathname.startsWith('/_serverFn/')) {
    return Response.json({ error: 'Not Found: this site has no server functions' }, { status: 404, headers: { 'Cache-Control': 'no-store' } })
  }
  return render()
}

/** For the production server: validate content at start, then follow changes. */
export const content = {
  load: () => {
    getContent()
  },
  watch: watchContent,
  onChange: onContentChange,
}
