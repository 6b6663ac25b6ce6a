import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { QUERIES, ROUTER } from './config/constants'
import { deLocalizePath, localizePath } from './i18n/paths'
import { getLocale } from './i18n/locale'
import { routeTree } from './routeTree.gen'

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
