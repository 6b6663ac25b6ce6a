/**
 * Signed links for readers (decision 029): a JWT (HS256, with `jose`) naming its purpose (as the
 * audience), the subscriber and the version of their links. A confirmation link expires after 48
 * hours; preference and unsubscribe links live long, and stop working when the subscriber's
 * version moves on (the store compares it) or they are erased. JWTs are base64url with dots:
 * safe in a URL path or query as they are.
 */
import { SignJWT, jwtVerify } from 'jose'
import { deriveKey } from './keys.ts'
import { CONFIRM_TTL_MS, PREFERENCES_TTL_MS } from './policy.ts'
import type { SubscriberRef } from './types.ts'

type TokenPurpose = 'confirm' | 'preferences' | 'unsubscribe'

/**
 * Lifetimes in milliseconds; null: until revoked. An unsubscribe link in an old mail must keep
 * working (a mail client may use it years later).
 */
const tokenLifetimes: Record<TokenPurpose, number | null> = {
  confirm: CONFIRM_TTL_MS,
  preferences: PREFERENCES_TTL_MS,
  unsubscribe: null,
}

const ISSUER = 'estate-atlas/readers'

export type ReaderTokens = {
  sign(purpose: TokenPurpose, ref: SubscriberRef): Promise<string>
  /** The subscriber and version a valid token of this purpose names; null for any other token. */
  verify(purpose: TokenPurpose, token: string): Promise<SubscriberRef | null>
}

export function createReaderTokens({ secret, now = Date.now }: { secret: string; now?: () => number }): ReaderTokens {
  const key = deriveKey(secret, 'tokens')
  const seconds = (ms: number) => Math.floor(ms / 1000)
  return {
    async sign(purpose, { subscriberId, tokenVersion }) {
      const issuedAt = now()
      const lifetime = tokenLifetimes[purpose]
      const jwt = new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(purpose)
        .setSubject(subscriberId)
        .setIssuedAt(seconds(issuedAt))
      if (lifetime !== null) jwt.setExpirationTime(seconds(issuedAt + lifetime))
      return jwt.sign(key)
    },
    async verify(purpose, token) {
      if (token.length > 2000) return null
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: purpose,
          currentDate: new Date(now()),
          requiredClaims: ['sub', 'ver', ...(tokenLifetimes[purpose] === null ? [] : ['exp'])],
        })
        const version = payload.ver
        if (!payload.sub || typeof version !== 'number' || !Number.isInteger(version) || version < 1) return null
        return { subscriberId: payload.sub, tokenVersion: version }
      } catch {
        // Expired, tampered with, of another purpose or not a token at all: the same to the caller.
        return null
      }
    },
  }
}
