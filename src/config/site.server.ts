import { env } from './env.server'

/** The public origin for absolute URLs (validated, without a trailing slash; server/config.ts). */
export function siteUrl() {
  return env().SITE_URL
}
