import { createServerFn } from '@tanstack/react-start'
import { siteUrl } from './site.server'

/** Per-deployment settings the pages need: read once by the root loader. */
export const fetchSiteConfig = createServerFn({ method: 'GET' }).handler(
  (): SiteConfig => ({
    siteUrl: siteUrl(),
    // A PostHog project key is public by design: the browser sends it with every event.
    posthogKey: process.env.POSTHOG_KEY || null,
  }),
)

export type SiteConfig = { siteUrl: string; posthogKey: string | null }

export function isSiteConfig(data: unknown): data is SiteConfig {
  return typeof data === 'object' && data !== null && 'siteUrl' in data && typeof data.siteUrl === 'string'
}

/** The site URL from the root match, for `head()` functions of child routes. */
export function siteUrlOf(matches: ReadonlyArray<{ loaderData?: unknown }>) {
  const root = matches[0]?.loaderData
  return isSiteConfig(root) ? root.siteUrl : undefined
}
