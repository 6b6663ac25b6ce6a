import { describe, expect, it } from 'vitest'
import type { Account } from './accounts.ts'
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts'
import { clientAddress } from './client-address.ts'
import { createLimiter } from './rate-limit.ts'
import { parseTarget, refusal } from './rights.ts'
import { readCookie } from '../../src/config/cookies.ts'
import { createSessionStore, newSessionId, sessionCookie, signSession, verifySession } from './session.ts'

const secret = 'a-secret-of-at-least-thirty-two-characters'

describe('passwords', () => {
  it('hashes with scrypt and a random salt, and verifies only the right password', async () => {
    const a = await hashPassword('correct horse battery')
    const b = await hashPassword('correct horse battery')
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/)
    expect(a).not.toBe(b)
    expect(await verifyPassword('correct horse battery', a)).toBe(true)
    expect(await verifyPassword('correct horse batterY', a)).toBe(false)
    expect(await verifyPassword('correct horse battery', 'plain-text')).toBe(false)
  })

  it('refuses short passwords', () => {
    expect(passwordProblem('short')).toMatch(/at least 12/)
    expect(passwordProblem('long enough password')).toBeNull()
  })
})

describe('session cookie', () => {
  const session = { user: 'maria', stamp: 'stamp-123456', expires: Date.now() + 60_000, sid: 'a-session-id-0123456789' }

  it('carries its account when signed with the key', () => {
    expect(verifySession(signSession(session, secret), secret)).toEqual(session)
  })

  it('is refused when forged, signed with another key, tampered with or expired', () => {
    const value = signSession(session, secret)
    const [data, mac] = value.split('.')
    const forged = Buffer.from(JSON.stringify({ ...session, user: 'admin' })).toString('base64url')
    expect(verifySession(`${forged}.${mac}`, secret)).toBeNull()
    expect(verifySession(signSession(session, `${secret}!`), secret)).toBeNull()
    expect(verifySession(`${data}.${mac.slice(1)}x`, secret)).toBeNull()
    expect(verifySession(signSession({ ...session, expires: Date.now() - 1 }, secret), secret)).toBeNull()
    expect(verifySession('', secret)).toBeNull()
    expect(verifySession(`${value}.extra`, secret)).toBeNull()
  })

  it('is HttpOnly, Secure and SameSite=Strict', () => {
    const header = sessionCookie('v', 60)
    expect(header).toContain('HttpOnly')
    expect(header).toContain('Secure')
    expect(header).toContain('SameSite=Strict')
    expect(readCookie('a=1; ea_admin=x.y; b=2', 'session')).toBe('x.y')
  })
})

describe('session store (issue 35, F5)', () => {
  it('knows a session until it is ended; a signed cookie without an open session is not enough', () => {
    const store = createSessionStore()
    const session = { user: 'maria', stamp: 'stamp-123456', expires: Date.now() + 60_000, sid: newSessionId() }
    expect(store.has(session)).toBe(false)
    store.add(session)
    expect(store.has(session)).toBe(true)
    // The same id claimed for another account is not that session.
    expect(store.has({ ...session, user: 'eleni' })).toBe(false)
    store.end(session)
    expect(store.has(session)).toBe(false)
    // A cookie issued before sessions had ids does not verify.
    const withoutId: Partial<typeof session> = { ...session }
    delete withoutId.sid
    const data = Buffer.from(JSON.stringify(withoutId)).toString('base64url')
    const signed = signSession(session, secret)
    expect(verifySession(`${data}.${signed.split('.')[1]}`, secret)).toBeNull()
  })

  it('fails closed when full: the oldest session ends', () => {
    const store = createSessionStore({ max: 2 })
    const sessions = [1, 2, 3].map(() => ({ user: 'maria', stamp: 'stamp-123456', expires: Date.now() + 60_000, sid: newSessionId() }))
    for (const session of sessions) store.add(session)
    expect(sessions.map((s) => store.has(s))).toEqual([false, true, true])
  })
})

describe('client address (issue 35, F1)', () => {
  it('behind the trusted proxy takes the last X-Forwarded-For entry, the one the proxy added', () => {
    expect(clientAddress('127.0.0.1', '198.51.100.7, 203.0.113.9', true)).toBe('203.0.113.9')
    expect(clientAddress('127.0.0.1', ['198.51.100.7', '203.0.113.9'], true)).toBe('203.0.113.9')
    expect(clientAddress('127.0.0.1', '2001:db8::1', true)).toBe('2001:db8::1')
  })

  it('never believes a client-written entry, and falls back to the socket without a usable one', () => {
    expect(clientAddress('10.0.0.5', '198.51.100.7, 203.0.113.9', false)).toBe('10.0.0.5')
    expect(clientAddress('10.0.0.5', undefined, true)).toBe('10.0.0.5')
    expect(clientAddress('10.0.0.5', '198.51.100.7, not-an-address', true)).toBe('10.0.0.5')
    expect(clientAddress('10.0.0.5', ' , ', true)).toBe('10.0.0.5')
    expect(clientAddress(undefined, undefined, false)).toBe('unknown')
  })
})

describe('sign-in rate limit', () => {
  it('reserves an attempt before it is checked: a burst gets no more than max slots (issue 35, F2)', () => {
    const limiter = createLimiter({ max: 5, windowMs: 1000 })
    const waits = Array.from({ length: 40 }, () => limiter.attempt('maria', 10))
    expect(waits.filter((w) => w === 0)).toHaveLength(5)
    expect(waits.slice(5).every((w) => w === 1000)).toBe(true)
    // A success gives its slot back; the others stay counted.
    limiter.release('maria', 10)
    expect(limiter.attempt('maria', 11)).toBe(0)
    expect(limiter.attempt('maria', 12)).toBeGreaterThan(0)
  })

  it('allows max failures in a window, then says how long to wait, and forgets after the window', () => {
    const limiter = createLimiter({ max: 3, windowMs: 1000 })
    for (let t = 0; t < 3; t++) {
      expect(limiter.retryAfter('ip', t)).toBe(0)
      limiter.fail('ip', t)
    }
    expect(limiter.retryAfter('ip', 10)).toBe(990)
    expect(limiter.retryAfter('other', 10)).toBe(0)
    expect(limiter.retryAfter('ip', 1001)).toBe(0)
    limiter.fail('ip', 1001)
    limiter.reset('ip')
    expect(limiter.retryAfter('ip', 1002)).toBe(0)
  })
})

describe('rights', () => {
  const account = (role: Account['role'], languages: Account['languages'] = []): Account => ({
    name: role,
    displayName: role,
    email: `${role}@example.com`,
    role,
    languages,
    hash: 'scrypt$',
    disabled: false,
    stamp: 'stamp-123456',
  })
  const translator = account('translator', ['el', 'bg', 'en'])
  const target = (path: string) => parseTarget(path)!
  const change = (path: string, before: boolean | null, after: boolean | null, deletes = false) => ({
    target: target(path),
    published: { before, after },
    deletes,
  })

  it('reads only content documents from a path', () => {
    expect(parseTarget('posts/a-post/el.md')).toEqual({ kind: 'posts', key: 'a-post', locale: 'el', path: 'posts/a-post/el.md' })
    expect(parseTarget('countries/gr/de.md')?.kind).toBe('guides')
    for (const path of ['posts/../x/el.md', 'key-figures/gr.yaml', 'posts/a/xx.md', '/etc/passwd', 'posts/a/el.md/x'])
      expect(parseTarget(path)).toBeNull()
  })

  it('lets an editor write and publish everything', () => {
    expect(refusal(account('editor'), change('posts/a/en.md', null, true))).toBeNull()
    expect(refusal(account('editor'), change('posts/a/de.md', true, null, true))).toBeNull()
  })

  it('keeps a translator to their languages, without publishing English or deleting', () => {
    expect(refusal(translator, change('posts/a/el.md', false, true))).toBeNull()
    expect(refusal(translator, change('posts/a/de.md', null, false))).toMatch(/may write el, bg, en; posts\/a\/de.md is in de/)
    expect(refusal(translator, change('posts/a/en.md', true, true))).toBeNull()
    expect(refusal(translator, change('posts/a/en.md', false, true))).toMatch(/publish or unpublish English/)
    expect(refusal(translator, change('posts/a/en.md', true, false))).toMatch(/publish or unpublish English/)
    expect(refusal(translator, change('posts/a/en.md', null, true))).toMatch(/publish or unpublish English/)
    expect(refusal(translator, change('posts/a/bg.md', true, null, true))).toMatch(/Only an editor may delete/)
  })
})
