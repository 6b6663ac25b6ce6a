// The admin's session cookie: `<payload>.<HMAC-SHA256>`, both base64url, signed with CMS_SECRET.
// It names the account and the password it was issued for: a reset or a disabled account ends every
// session at the next request (server/cms/accounts.ts). It also carries a random session id, which
// the server keeps while the session is open (createSessionStore): signing out forgets the id, so
// the cookie is refused afterwards even if someone kept a copy (issue 35, finding F5).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { z } from 'zod'
import { setCookieHeader } from '../../src/config/cookies.ts'

export const SESSION_HOURS = 12

const payload = z.object({ user: z.string().min(1), stamp: z.string().min(1), expires: z.number().int(), sid: z.string().min(16).max(64) })
export type Session = z.infer<typeof payload>

const mac = (data: string, secret: string) => createHmac('sha256', secret).update(data).digest('base64url')

export function signSession(session: Session, secret: string): string {
  const data = Buffer.from(JSON.stringify(session)).toString('base64url')
  return `${data}.${mac(data, secret)}`
}

/** The session a cookie value carries, or null when it is forged, malformed or expired. */
export function verifySession(value: string | null | undefined, secret: string, now = Date.now()): Session | null {
  const [data, signature, extra] = (value ?? '').split('.')
  if (!data || !signature || extra !== undefined) return null
  const expected = Buffer.from(mac(data, secret))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  try {
    const parsed = payload.safeParse(JSON.parse(Buffer.from(data, 'base64url').toString('utf8')))
    return parsed.success && parsed.data.expires > now ? parsed.data : null
  } catch {
    return null
  }
}

/** The session cookie's Set-Cookie header (COOKIES.session); an empty value and 0 end it. */
export function sessionCookie(value: string, maxAgeSeconds: number): string {
  return setCookieHeader('session', value, { maxAge: maxAgeSeconds })
}

export const newSessionId = () => randomBytes(18).toString('base64url')

/**
 * The open sessions of this process, by id, each until it expires. A session whose id is not here
 * (signed out, expired, or opened before a restart) is refused. Bounded: past `max` open sessions
 * the least recently used one ends, which fails closed (its editor signs in again).
 */
export function createSessionStore({ max = 10_000 }: { max?: number } = {}) {
  const open = new LRUCache<string, string>({ max, ttl: SESSION_HOURS * 3600_000 })
  return {
    add(session: Session) {
      open.set(session.sid, session.user, { ttl: Math.max(1, session.expires - Date.now()) })
    },
    has(session: Session) {
      return open.get(session.sid) === session.user
    },
    end(session: Session) {
      open.delete(session.sid)
    },
  }
}
