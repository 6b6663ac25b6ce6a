import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CHALLENGE_TTL_MS, FORM_LIMITS } from './policy.ts'
import { createFormGuard, honeypotEmpty, type FormGuard } from './spam.ts'
import type { ReaderStore } from './store.ts'
import { openTestStore, secret, testClock, type Clock } from './test-support.ts'

/** What the ALTCHA widget does in the browser: solve, then post base64 JSON of both. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('not solved')
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

// Challenges that take a test milliseconds, not the second a phone spends on the real ones.
const cheap = { cost: 2, answerRange: { min: 5, max: 30 } }

describe('form protection', () => {
  let clock: Clock
  let store: ReaderStore
  let close: () => Promise<void>
  let guard: FormGuard

  beforeEach(async () => {
    // ALTCHA checks expiry against the wall clock too, so this clock starts at the real time.
    clock = testClock(Date.now())
    ;({ store, close } = await openTestStore('sqlite', clock))
    guard = createFormGuard({ store, secret, now: clock.now, ...cheap })
  })
  afterEach(() => close())

  it('accepts a solved challenge once, and refuses it when it comes again', async () => {
    const challenge = await guard.challenge()
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/)
    expect(challenge.parameters.expiresAt).toBe(Math.floor((clock.now() + CHALLENGE_TTL_MS) / 1000))
    const payload = await solve(challenge)
    expect(await guard.verify(payload)).toBe(true)
    expect(await guard.verify(payload)).toBe(false)
    expect(await guard.verify(await solve(await guard.challenge()))).toBe(true)
  })

  it('refuses a wrong answer, a challenge of another secret, a changed challenge, and garbage', async () => {
    const challenge = await guard.challenge()
    const payload = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString())
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64')
    expect(await guard.verify(encode({ ...payload, solution: { ...payload.solution, derivedKey: '00'.repeat(32) } }))).toBe(false)
    const easier = { ...challenge, parameters: { ...challenge.parameters, expiresAt: (challenge.parameters.expiresAt ?? 0) + 3600 } }
    expect(await guard.verify(encode({ ...payload, challenge: easier }))).toBe(false)
    const foreign = createFormGuard({ store, secret: `${secret}-another`, now: clock.now, ...cheap })
    expect(await guard.verify(await solve(await foreign.challenge()))).toBe(false)
    expect(await guard.verify('not base64 json')).toBe(false)
    expect(await guard.verify('')).toBe(false)
    // The untouched payload still works: nothing above used it up.
    expect(await guard.verify(encode(payload))).toBe(true)
  })

  it('refuses a challenge solved after its ten minutes', async () => {
    const payload = await solve(await guard.challenge())
    clock.advance(CHALLENGE_TTL_MS)
    expect(await guard.verify(payload)).toBe(false)
  })

  it('limits sign-ups and messages per address, an IPv6 client by its /64, per window', async () => {
    const { max, windowMs } = FORM_LIMITS.signUp
    for (let n = 0; n < max; n++) expect(await guard.allow('signUp', '203.0.113.7')).toEqual({ allowed: true })
    const refused = await guard.allow('signUp', '203.0.113.7')
    expect(refused.allowed).toBe(false)
    expect(!refused.allowed && refused.retryAfterMs).toBeGreaterThan(0)
    expect(!refused.allowed && refused.retryAfterMs).toBeLessThanOrEqual(windowMs)
    expect(await guard.allow('signUp', '::ffff:203.0.113.7')).toMatchObject({ allowed: false })
    expect(await guard.allow('signUp', '203.0.113.8')).toEqual({ allowed: true })
    expect(await guard.allow('message', '203.0.113.7')).toEqual({ allowed: true })

    for (let n = 0; n < max; n++) await guard.allow('signUp', '2001:db8:1:2::1')
    expect(await guard.allow('signUp', '2001:db8:1:2:ffff::9')).toMatchObject({ allowed: false })
    expect(await guard.allow('signUp', '2001:db8:1:3::1')).toEqual({ allowed: true })

    clock.advance(windowMs)
    expect(await guard.allow('signUp', '203.0.113.7')).toEqual({ allowed: true })
  })

  it('stops 30 messages from one address in a minute after the tenth', async () => {
    const answers = []
    for (let n = 0; n < 30; n++) answers.push(await guard.allow('message', '198.51.100.20'))
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(FORM_LIMITS.message.max)
  })

  it('takes its limits from the caller', async () => {
    const strict = createFormGuard({ store, secret, now: clock.now, limits: { message: { max: 1, windowMs: 1000 } } })
    expect(await strict.allow('message', '198.51.100.1')).toEqual({ allowed: true })
    expect(await strict.allow('message', '198.51.100.1')).toMatchObject({ allowed: false })
  })

  it('tells a person (empty hidden field) from a bot that fills every field', () => {
    expect(honeypotEmpty(undefined)).toBe(true)
    expect(honeypotEmpty('')).toBe(true)
    expect(honeypotEmpty('https://spam.example')).toBe(false)
  })
})
