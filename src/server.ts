import '@inlang/paraglide-js/urlpattern-polyfill'
import handler from '@tanstack/react-start/server-entry'
import { localeRedirect } from './i18n/redirects'
import { localeFromPath } from './i18n/resolve'
import * as messages from './paraglide/messages'
import { getLocale } from './paraglide/runtime'
import { getContent, onContentChange, watchContent } from './content/store.server'
import { guardServerFunction, isServerFunctionPath } from './server-functions.server'
import { paraglideMiddleware } from './paraglide/server.js'

/**
 * Paraglide injects into each page the messages its render used; client-side navigation may need
 * any of them, so every message of the request's locale is marked as used.
 */
function useEveryMessage() {
  for (const message of Object.values(messages)) {
    if (typeof message === 'function') Reflect.apply(message, undefined, [{}])
  }
}

/**
 * A page path without a locale prefix ('/xx/foo') is no page: give it the reader's locale so the
 * router renders the not-found page with status 404 instead of redirecting to a prefixed URL.
 */
function withLocalePrefix(request: Request) {
  const url = new URL(request.url)
  if (url.pathname.startsWith('/_serverFn/') || url.pathname.startsWith('/api/')) return request
  if (localeFromPath(url.pathname)) return request
  url.pathname = `/${getLocale()}${url.pathname}`
  return new Request(url, request)
}

export default {
  async fetch(request: Request): Promise<Response> {
    const redirect = localeRedirect(new URL(request.url), request.headers)
    if (redirect) {
      const headers = new Headers({ Location: redirect.location, 'Cache-Control': 'no-cache' })
      if (redirect.vary) headers.set('Vary', redirect.vary)
      return new Response(null, { status: redirect.status, headers })
    }
    const render = () =>
      // Paraglide gets the original request: with the de-localized one it loops with the router's rewrite.
      paraglideMiddleware(request, () => {
        useEveryMessage()
        return handler.fetch(withLocalePrefix(request))
      })
    if (isServerFunctionPath(new URL(request.url).pathname)) return guardServerFunction(request, render)
    return render()
  },
}

/** For the production server: validate content at start, then follow changes. */
export const content = {
  load: () => {
    getContent()
  },
  watch: watchContent,
  onChange: onContentChange,
}
