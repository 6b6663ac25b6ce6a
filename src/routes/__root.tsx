/// <reference types="vite/client" />
import type { QueryClient } from '@tanstack/react-query'
import { HeadContent, Outlet, Scripts, createRootRouteWithContext, useRouter } from '@tanstack/react-router'
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react'
import { AuthProvider } from '../auth/auth'
import { ErrorPage } from '../components/ErrorPage'
import { NavigationFeedback } from '../components/NavigationFeedback'
import { fontsFlagScript } from '../theme/fonts'
import { FAVICON_URL } from '../theme/favicon'
import { RepeatedMeta } from '../components/RepeatedMeta'
import { themeScript } from '../theme/theme'
import { NotFound } from '../components/NotFound'
import { SiteFooter } from '../components/SiteFooter'
import { SiteHeader } from '../components/SiteHeader'
import { BRAND } from '../config/constants'
import { TranslatedParamsProvider } from '../i18n/alternates'
import { m } from '../paraglide/messages'
import { getLocale } from '../i18n/locale'
import { loadMessages, onMissingMessage } from '../i18n/messages-loader'
import { loadSiteConfig } from '../config/site'
import { buildHead, jsonLdScript } from '../seo/head'
import { organizationJsonLd, websiteJsonLd } from '../seo/jsonld'
import styles from '../styles.css?url'

/** Analytics and its consent banner wait for an idle browser (see WhenIdle): not initial JavaScript. */
const Analytics = lazy(() => import('../components/Analytics').then((module) => ({ default: module.Analytics })))

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // A client-side navigation may draw texts the first page did not carry (src/i18n/messages-loader.ts);
  // the router does not run this while hydrating the server's page.
  beforeLoad: () => (import.meta.env.SSR ? undefined : loadMessages(getLocale())),
  loader: () => loadSiteConfig(),
  staleTime: Infinity,
  head: ({ matches, loaderData }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'application-name', content: BRAND },
      { name: 'theme-color', content: '#0c6161' },
      // No route has this path: the router marks the match that shows the not-found page.
      ...(matches.some((match) => match._notFound)
        ? buildHead({ title: m.not_found_title(), description: m.not_found_text(), noindex: true }).meta
        : [{ title: BRAND }, { name: 'description', content: m.site_description() }]),
    ],
    links: [
      // No font preload (decision 010, amended by 020): the heading font is font-display: optional, so
      // a first visit paints its headings in the fallback serif and the next page has the font cached;
      // preloading it made it compete with the stylesheet and held the largest paint back (measured).
      { rel: 'stylesheet', href: styles },
      // In the page, not a request (src/theme/favicon.ts); /favicon.ico stays for clients that ask for it.
      { rel: 'icon', href: FAVICON_URL, type: 'image/svg+xml' },
      { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
      // The web manifest is linked after the first paint (src/framework/defer-scripts.ts).
    ],
    scripts: [
      { children: themeScript + fontsFlagScript },
      // The site's own structured data belongs to its home page, the blog index, not to every page.
      ...(loaderData && matches.some((match) => String(match.routeId) === '/blog/')
        ? [jsonLdScript(websiteJsonLd(loaderData.siteUrl, m.site_description(), getLocale())), jsonLdScript(organizationJsonLd(loaderData.siteUrl))]
        : []),
    ],
  }),
  shellComponent: RootDocument,
  component: Outlet,
  notFoundComponent: () => <NotFound />,
  errorComponent: ErrorPage,
})

function RootDocument({ children }: { children: ReactNode }) {
  const locale = getLocale()
  const loaderData = Route.useLoaderData()
  return (
    <html lang={locale} dir="ltr" suppressHydrationWarning>
      <head>
        <HeadContent />
        <RepeatedMeta />
      </head>
      <body className="flex min-h-dvh flex-col bg-surface text-ink antialiased">
        <a href="#main" className="skip-link">
          {m.skip_to_content()}
        </a>
        <AuthProvider>
          <TranslatedParamsProvider>
            <SiteHeader />
            <main id="main" tabIndex={-1} className="flex-1 outline-none">
              {children}
            </main>
            <SiteFooter analytics={Boolean(loaderData?.posthogKey)} />
            <Hydrated />
            {loaderData?.posthogKey && (
              <WhenIdle>
                <Suspense fallback={null}>
                  <Analytics posthogKey={loaderData.posthogKey} />
                </Suspense>
              </WhenIdle>
            )}
          </TranslatedParamsProvider>
        </AuthProvider>
        <NavigationFeedback />
        <Scripts />
      </body>
    </html>
  )
}

/**
 * Renders its children only in the browser, once the page has loaded and the main thread is idle:
 * for what a reader does not need to read or use the page (analytics, the consent banner).
 */
function WhenIdle({ children }: { children: ReactNode }) {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    let handle = 0
    const whenIdle = () => {
      handle = window.requestIdleCallback ? window.requestIdleCallback(() => setIdle(true)) : window.setTimeout(() => setIdle(true), 1)
    }
    if (document.readyState === 'complete') whenIdle()
    else window.addEventListener('load', whenIdle, { once: true })
    return () => {
      window.removeEventListener('load', whenIdle)
      if (window.cancelIdleCallback) window.cancelIdleCallback(handle)
      else window.clearTimeout(handle)
    }
  }, [])
  return idle ? children : null
}

/**
 * Marks the document once the whole page is hydrated (browser tests wait for it). The next page's
 * code and the locale's messages are fetched when the reader shows intent (the router preloads a
 * link on hover, touch or focus, and `beforeLoad` above loads the messages), never on idle: fetched
 * on idle, the guide's and the calculator's chunks were evaluated during a post's load (issue 40).
 */
function Hydrated() {
  const router = useRouter()
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
    onMissingMessage(getLocale(), () => void router.invalidate())
  }, [router])
  return null
}
