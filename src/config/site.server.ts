/** The public origin for absolute URLs; server/config.ts has validated SITE_URL at start. */
export function siteUrl() {
  return (process.env.SITE_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, '')
}
