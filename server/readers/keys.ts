// Keys derived from READERS_SECRET, one per use (HKDF), so a key that leaks or is misused in one
// place (a link, an address hash, a form challenge) gives nothing of the others; and the client
// address in the form every hash and limit sees.
import { createHmac, hkdfSync } from 'node:crypto'
import { isIPv4, isIPv6 } from 'node:net'

export type KeyUse = 'tokens' | 'address' | 'challenge' | 'challenge-key'

export function deriveKey(secret: string, use: KeyUse): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'estate-atlas/readers', use, 32))
}

/** An address as one client has it: an IPv4 address mapped into IPv6 is the IPv4 address. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim().toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(trimmed)
  return mapped && isIPv4(mapped[1]) ? mapped[1] : trimmed
}

/**
 * What a limit counts: an IPv4 address, or the /64 network of an IPv6 one, since one IPv6 client
 * is given a whole /64 and can change address within it at will.
 */
export function limitedAddress(address: string): string {
  const normalized = normalizeAddress(address)
  if (!isIPv6(normalized)) return normalized
  const [head, tail = ''] = normalized.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  // An embedded IPv4 address (64:ff9b::1.2.3.4) stands for two groups.
  const width = (list: string[]) => list.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0)
  const groups = normalized.includes('::') ? [...left, ...Array(8 - width(left) - width(right)).fill('0'), ...right] : left
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/** The address as the store keeps it: an HMAC keyed with the secret, never the address. */
export function hashAddress(addressKey: Buffer, address: string): string {
  return createHmac('sha256', addressKey).update(normalizeAddress(address)).digest('base64url')
}
