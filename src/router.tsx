import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRouter, parseSearchWith, stringifySearchWith } from '@tanstack/react-router'
import { QUERIES, ROUTER } from './config/constants'
import { deLocalizePath, localizePath } from './i18n/paths'
import { getLocale } from './i18n/locale'
import { routeTree } from './routeTree.gen'

/** Query keys here are lists of strings and numbers (src/page-data/queries.ts); the data is JSON-like. */
type SentQuery = { key: Array<string | number | null>; data: object; at: number }

export function getRouter() {
  const queryClient = new QueryClient({
    // On the server a page's data is read from memory and the store: a failure is not a network blip,
    // and retrying it held the reader's error page back 3 s (issue 35).
    defaultOptions: { queries: { staleTime: QUERIES.staleTimeMs, retry: typeof window === 'undefined' ? false : QUERIES.retry } },
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
    // The page's data for hydration: each loaded query's key, data and time, which the browser puts
    // into its cache. TanStack's SSR query integration sends each query's whole state and a stream
    // for queries started while rendering, whose reader costs every page 2.5 KB of inline script;
    // every query here is loaded by a route's loader before rendering (decision 020).
    dehydrate: (): { queries: SentQuery[] } => ({
      queries: queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'success')
        .map((query) => ({ key: query.queryKey as SentQuery['key'], data: query.state.data as object, at: query.state.dataUpdatedAt })),
    }),
    hydrate: ({ queries }: { queries: SentQuery[] }) => {
      for (const { key, data, at } of queries) queryClient.setQueryData(key, data, { updatedAt: at })
    },
    Wrap: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
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
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
