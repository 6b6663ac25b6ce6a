import { QueryClient } from '@tanstack/react-query'
import { createRouter, parseSearchWith, stringifySearchWith } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { QUERIES, ROUTER } from './config/constants'
import { deLocalizePath, localizePath } from './i18n/paths'
import { getLocale } from './i18n/locale'
import { routeTree } from './routeTree.gen'

export function getRouter() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: QUERIES.staleTimeMs, retry: QUERIES.retry } },
  })
  let hydrating = true
  const router = createRouter({
    routeTree,
    context: { queryClient },
    // The first render is the hydration of a page the reader may already have scrolled: keep
    // their position instead of jumping to the top (a reload still restores the saved position,
    // the window is then at the top when the page hydrates).
    scrollRestoration: () => {
      if (typeof window === 'undefined' || !hydrating) return true
      hydrating = false
      return window.scrollY === 0 && window.scrollX === 0
    },
    // Search values are the reader's text, kept as strings both ways: the default JSON reading turns
    // `?price=180000` into a number and then answers 307 to `?price=%22180000%22`.
    parseSearch: parseSearchWith((value) => value),
    stringifySearch: stringifySearchWith(String, (value) => value),
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
