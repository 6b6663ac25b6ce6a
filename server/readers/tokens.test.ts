import { describe, expect, it } from 'vitest'
import { CONFIRM_TTL_MS } from './policy.ts'
import { openTestStore, secret, testClock } from './test-support.ts'
import { createReaderTokens } from './tokens.ts'
import type { SignUp } from './types.ts'

const ref = { subscriberId: '6f1c1d2e-8a57-4a55-9c5e-0a3c2f9b1e11', tokenVersion: 3 }

describe('signed reader links', () => {
  it('carries the subscriber and link version, URL-safe as it is', async () => {
    const tokens = createReaderTokens({ secret })
    const token = await tokens.sign('confirm', ref)
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)
    expect(encodeURIComponent(token)).toBe(token)
    expect(await tokens.verify('confirm', token)).toEqual(ref)
  })

  it('lets a confirmation link expire after 48 hours, and unsubscribe links live on', async () => {
    const clock = testClock()
    const tokens = createReaderTokens({ secret, now: clock.now })
    const confirm = await tokens.sign('confirm', ref)
    const unsubscribe = await tokens.sign('unsubscribe', ref)
    clock.advance(CONFIRM_TTL_MS - 1000)
    expect(await tokens.verify('confirm', confirm)).toEqual(ref)
    clock.advance(1000)
    expect(await tokens.verify('confirm', confirm)).toBeNull()
    clock.advance(5 * 365 * 24 * 60 * 60 * 1000)
    expect(await tokens.verify('unsubscribe', unsubscribe)).toEqual(ref)
  })

  it('refuses a tampered token, one of another purpose, another secret, or no token', async () => {
    const tokens = createReaderTokens({ secret })
    const token = await tokens.sign('preferences', ref)
    const [header, payload, signature] = token.split('.')
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'someone-else' })).toString(
      'base64url',
    )
    expect(await tokens.verify('preferences', `${header}.${forged}.${signature}`)).toBeNull()
    expect(await tokens.verify('preferences', `${header}.${payload}.${signature.slice(0, -2)}xx`)).toBeNull()
    expect(await tokens.verify('unsubscribe', token)).toBeNull()
    expect(await tokens.verify('confirm', token)).toBeNull()
    expect(await createReaderTokens({ secret: `${secret}-other` }).verify('preferences', token)).toBeNull()
    expect(await tokens.verify('preferences', 'not-a-token')).toBeNull()
    expect(await tokens.verify('preferences', '')).toBeNull()
  })

  it('refuses an unsigned token (alg none) that names any subscriber', async () => {
    const tokens = createReaderTokens({ secret })
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const unsigned = `${encode({ alg: 'none' })}.${encode({ sub: ref.subscriberId, ver: 3, aud: 'unsubscribe', iss: 'estate-atlas/readers' })}.`
    expect(await tokens.verify('unsubscribe', unsigned)).toBeNull()
  })
})

describe('revoking links by version', () => {
  it('ends every earlier link when a reader who left signs up again', async () => {
    const clock = testClock()
    const { store, close } = await openTestStore('sqlite', clock)
    try {
      const tokens = createReaderTokens({ secret, now: clock.now })
      const signUp = (): SignUp => ({ email: 'reader@example.org', locale: 'el', countries: ['GR'], frequency: 'weekly', consentVersion: '1' })
      await store.subscribe(signUp(), '203.0.113.7')
      const [confirmation] = await store.sendLog()
      const id = confirmation.subscriberId ?? ''
      const first = { subscriberId: id, tokenVersion: 1 }
      await store.confirm(first)
      const oldPreferences = await tokens.sign('preferences', first)
      const oldUnsubscribe = await tokens.sign('unsubscribe', first)

      const fromLink = await tokens.verify('unsubscribe', oldUnsubscribe)
      expect(fromLink && (await store.unsubscribe(fromLink))).toBe(true)
      await store.subscribe(signUp(), '203.0.113.7')

      // The signatures are still good; the version they carry is not the reader's any more.
      const preferences = await tokens.verify('preferences', oldPreferences)
      expect(preferences).toEqual(first)
      expect(preferences && (await store.subscriberFor(preferences))).toBeNull()
      expect(fromLink && (await store.unsubscribe(fromLink))).toBe(false)
      expect((await store.findSubscriber(id))?.status).toBe('pending')
    } finally {
      await close()
    }
  })
})
