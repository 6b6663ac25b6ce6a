/**
 * Spam protection of the sign-up, contact and partner forms with no third party (issue 39):
 * an ALTCHA proof-of-work challenge (altcha-lib, signed with a key from READERS_SECRET, valid ten
 * minutes, good for one submission), a hidden field a person leaves empty, and a limit per client
 * address. Used challenges and the counts are kept in the readers' database, so every node that
 * shares it (PostgreSQL) shares them too.
 */
import { randomInt } from 'node:crypto'
import { createChallenge, verifySolution, type Challenge } from 'altcha-lib'
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2'
import { z } from 'zod'
import { deriveKey, hashAddress, limitedAddress } from './keys.ts'
import { CHALLENGE_TTL_MS, FORM_LIMITS } from './policy.ts'
import type { ReaderStore } from './store.ts'

type Form = keyof typeof FORM_LIMITS
type Limit = { max: number; windowMs: number }
type LimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number }

/**
 * True when the form's hidden field came back empty, as it does from a person's browser: a person
 * never sees the field, and many bots fill every field they find.
 */
export function honeypotEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === ''
}

export type FormGuard = {
  /** A new challenge, as the ALTCHA widget reads it from its `challengeurl` (JSON). */
  challenge(): Promise<Challenge>
  /** The widget's form value (base64 JSON): true once for a solved, unexpired challenge of ours. */
  verify(payload: string): Promise<boolean>
  /** Counts one submission of `form` from this client and says whether it is within the limit. */
  allow(form: Form, clientAddress: string): Promise<LimitDecision>
}

export type FormGuardOptions = {
  store: ReaderStore
  secret: string
  now?: () => number
  limits?: Partial<Record<Form, Limit>>
  /**
   * PBKDF2 iterations per try, and the range the answer is drawn from: the work a browser does
   * is about cost × the answer. The defaults take a phone about a second.
   */
  cost?: number
  answerRange?: { min: number; max: number }
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string().regex(/^[0-9a-f]{8,64}$/),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
    }),
    signature: z.string().optional(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
})

function decodePayload(payload: string) {
  if (payload.length > 4000) return null
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function createFormGuard(options: FormGuardOptions): FormGuard {
  const { store, secret, now = Date.now, cost = 1000, answerRange = { min: 500, max: 2000 } } = options
  const signatureKey = deriveKey(secret, 'challenge').toString('hex')
  const keySignatureKey = deriveKey(secret, 'challenge-key').toString('hex')
  const addressKey = deriveKey(secret, 'address')
  const limits: Record<Form, Limit> = { ...FORM_LIMITS, ...options.limits }

  return {
    challenge() {
      return createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost,
        // Known answer (altcha's deterministic mode): the server checks a solution with one HMAC.
        counter: randomInt(answerRange.min, answerRange.max + 1),
        deriveKey: pbkdf2,
        expiresAt: new Date(now() + CHALLENGE_TTL_MS),
        hmacSignatureSecret: signatureKey,
        hmacKeySignatureSecret: keySignatureKey,
      })
    },

    async verify(payload) {
      const decoded = decodePayload(payload)
      const expiresAt = decoded?.challenge.parameters.expiresAt
      if (!decoded || expiresAt === undefined || expiresAt * 1000 <= now()) return false
      const result = await verifySolution({
        challenge: decoded.challenge,
        solution: decoded.solution,
        deriveKey: pbkdf2,
        hmacSignatureSecret: signatureKey,
        hmacKeySignatureSecret: keySignatureKey,
      })
      // Only a verified challenge is recorded, so forged payloads cannot fill the table.
      return result.verified && store.useOnce(`altcha:${decoded.challenge.parameters.nonce}`, expiresAt * 1000)
    },

    async allow(form, clientAddress) {
      const { max, windowMs } = limits[form]
      const count = await store.countHit(`${form}:${hashAddress(addressKey, limitedAddress(clientAddress))}`, windowMs)
      if (count <= max) return { allowed: true }
      const t = now()
      return { allowed: false, retryAfterMs: Math.floor(t / windowMs) * windowMs + windowMs - t }
    },
  }
}
