/** Per-deployment settings the pages need, read once by the root loader. */
import { createIsomorphicFn, createServerOnlyFn } from '@tanstack/react-start'
import { env } from './env.server'
import { siteUrl } from './site.server'

export type SiteConfig = { siteUrl: string; posthogKey: string | null }

/** On the server from the environment; in the browser (after a reload of the root) from the data route. */
export const loadSiteConfig = createIsomorphicFn()
  .server((): SiteConfig => siteConfig())
  .client(async (): Promise<SiteConfig> => {
    const response = await fetch('/api/data/site.json')
    if (!response.ok) throw new Error(`Could not load the site settings: ${response.status}`)
    return response.json() as Promise<SiteConfig>
  })

/** The settings from the environment (server only). */
export const siteConfig = createServerOnlyFn((): SiteConfig => ({
  siteUrl: siteUrl(),
  // A PostHog project key is public by design: the browser sends it with every event.
  posthogKey: env().POSTHOG_KEY ?? null,
}))

function isSiteConfig(data: unknown): data is SiteConfig {
  return typeof data === 'object' && data !== null && 'siteUrl' in data && typeof data.siteUrl === 'string'
}

/** The site URL from the root match, for `head()` functions of child routes. */
export function siteUrlOf(matches: ReadonlyArray<{ loaderData?: unknown }>) {
  const root = matches[0]?.loaderData
  return isSiteConfig(root) ? root.siteUrl : undefined
}
