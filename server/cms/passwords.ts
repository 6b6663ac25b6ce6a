// Passwords as scrypt hashes (node:crypto): `scrypt$<N>$<r>$<p>$<salt>$<hash>`, base64url parts.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const COST = { N: 2 ** 15, r: 8, p: 1 }
const KEY_BYTES = 32
const MIN_LENGTH = 12

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, { ...options, maxmem: 256 * options.N! * options.r! }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

/** Why a password is refused, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_LENGTH) return `a password needs at least ${MIN_LENGTH} characters`
  if (password.length > 1024) return 'a password may have at most 1024 characters'
  return null
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, COST)
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Whether `password` matches `stored`; false for a malformed hash. Constant time in the key's bytes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const options = { N: Number(n), r: Number(r), p: Number(p) }
  if (!Number.isInteger(options.N) || options.N > 2 ** 20 || expected.length !== KEY_BYTES) return false
  const key = await derive(password, Buffer.from(salt, 'base64url'), options)
  return timingSafeEqual(key, expected)
}
