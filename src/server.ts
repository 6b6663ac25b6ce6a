import { createServerEntry, createStartHandler } from '@tanstack/react-start/server'
import { localeRedirect } from './i18n/redirects'
import { resolveLocale } from './i18n/resolve'
import { serverFunctionEndpoint, withLocale, withLocalePrefix } from './framework/locale-request.server'
import { renderPage } from './framework/render-page.server'
import { getContent, msUntilNextPublication, onContentChange, onReload, reloadContent, snapshotDir, watchContent } from './content/store.server'
import { isPreviewToken, runPreview } from './content/preview.server'
import { readCookie, setCookieHeader } from './config/cookies'
import { CACHE_POLICY } from './config/constants'

/**
 * Start's handler with a render-to-string callback instead of the default stream (decision 020):
 * every page's data is loaded by its route's loader before rendering, so nothing streams, and the
 * server's answer is read whole anyway (the page cache, the CSP hashes). The string render skips
 * the web streams the stream pipeline pays for on every request, and `renderPage` finishes the
 * document on the string (decision 023).
 */
const handler = createServerEntry({ fetch: createStartHandler(renderPage) })

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
      return new Response(null, {
        status: 302,
        headers: {
          Location: `${requested.pathname}${requested.search}`,
          'Set-Cookie': setCookieHeader('preview', token, { secure: requested.protocol === 'https:' }),
          'Cache-Control': CACHE_POLICY.preview,
        },
      })
    }
    const preview = isPreviewToken(readCookie(request.headers.get('cookie'), 'preview'))
    const response = await runPreview(preview, () => answer(request))
    if (preview) {
      return withHeaders(response, (headers) => {
        headers.set('Cache-Control', CACHE_POLICY.preview)
        headers.set('X-Robots-Tag', 'noindex')
      })
    }
    // An error is never kept by a cache: the next request may well succeed (issue 35).
    if (response.status >= 500) return withHeaders(response, (headers) => headers.set('Cache-Control', CACHE_POLICY.never))
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
    const headers = new Headers({ Location: redirect.location, 'Cache-Control': CACHE_POLICY.redirect })
    if (redirect.vary) headers.set('Vary', redirect.vary)
    return new Response(null, { status: redirect.status, headers })
  }
  const url = new URL(request.url)
  const locale = resolveLocale({
    pathname: url.pathname,
    localeCookie: readCookie(request.headers.get('cookie'), 'locale'),
    acceptLanguage: request.headers.get('accept-language'),
  })
  return serverFunctionEndpoint(url.pathname) ?? withLocale(request, locale, () => handler.fetch(withLocalePrefix(request, locale)))
}

/**
 * For the production server: validate content at start, then follow changes (the process that
 * watches), or reload from the primary's snapshot when told (a cluster's worker). Issue 35.
 */
export const content = {
  load: () => {
    getContent()
  },
  watch: watchContent,
  reload: reloadContent,
  onChange: onContentChange,
  onReload,
  snapshotDir,
}

/** For the editorial server (server/cms, decision 019): the content check and the translation grid. */
export { contentProblems, translationGrid } from './cms/editorial.server'

/** The newsletter's server side (issue 39), bundled here so it reads the site's routes and messages. */
export { readers } from './readers.server'
