import { CACHE_POLICY } from '../../config/constants'
/** The answers every API route gives for a path or a method it does not have: short JSON, never a page or a redirect. */
const noStore = { 'Cache-Control': CACHE_POLICY.never }

export const apiNotFound = () => Response.json({ error: 'Not Found: no such API path' }, { status: 404, headers: noStore })

/** For a route that answers GET (and so HEAD) only. */
export const getOnly = () =>
  Response.json({ error: 'Method Not Allowed: this API path answers GET only' }, { status: 405, headers: { ...noStore, Allow: 'GET, HEAD' } })
