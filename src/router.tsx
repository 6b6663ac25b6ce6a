import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { QUERIES, ROUTER } from './config/constants'
import { deLocalizePath, localizePath } from './i18n/paths'
import { getLocale, overwriteGetLocale } from './paraglide/runtime'
import { resolveLocale } from './i18n/resolve'
import { routeTree } from './routeTree.gen'

// In the browser the page's locale is read from its URL (then cookie, browser, English) without
// writing anything: Paraglide's own getLocale stores a cookie on first use, before the reader has
// chosen a language or consented to anything.
if (typeof window !== 'undefined') {
  overwriteGetLocale(() =>
    resolveLocale({
      pathname: window.location.pathname,
      cookieHeader: document.cookie,
      acceptLanguage: navigator.languages.join(','),
    }),
  )
}

export function getRouter() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: QUERIES.staleTimeMs, retry: QUERIES.retry } },
  })
  const router = createRouter({
    routeTree,
    context: { queryClient },
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultPreloadDelay: ROUTER.preloadDelayMs,
    defaultPendingMs: ROUTER.pendingMs,
    defaultPendingMinMs: ROUTER.pendingMinMs,
    defaultGcTime: ROUTER.gcTimeMs,
    defaultPreloadStaleTime: 0,
    rewrite: {
      input: ({ url }) => {
        url.pathname = deLocalizePath(url.pathname)
        return url
      },
      output: ({ url }) => {
        url.pathname = localizePath(url.pathname, getLocale())
        return url
      },
    },
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
