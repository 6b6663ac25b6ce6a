import { describe, expect, it } from 'vitest'
import { deriveKey, hashAddress, limitedAddress, normalizeAddress } from './keys.ts'
import { secret } from './test-support.ts'

describe('keys and client addresses', () => {
  it('derives a different key for each use, and another for another secret', () => {
    const tokens = deriveKey(secret, 'tokens')
    expect(tokens).toHaveLength(32)
    expect(tokens.equals(deriveKey(secret, 'tokens'))).toBe(true)
    expect(tokens.equals(deriveKey(secret, 'address'))).toBe(false)
    expect(tokens.equals(deriveKey(`${secret}!`, 'tokens'))).toBe(false)
  })

  it('hashes an address with the key, the same however it arrived, and never shows it', () => {
    const key = deriveKey(secret, 'address')
    const hash = hashAddress(key, '203.0.113.7')
    expect(hash).not.toContain('203')
    expect(hashAddress(key, '::ffff:203.0.113.7')).toBe(hash)
    expect(hashAddress(deriveKey(`${secret}!`, 'address'), '203.0.113.7')).not.toBe(hash)
    expect(normalizeAddress(' 2001:DB8::1 ')).toBe('2001:db8::1')
  })

  it('limits an IPv6 client by its /64 and an IPv4 client by its address', () => {
    expect(limitedAddress('203.0.113.7')).toBe('203.0.113.7')
    expect(limitedAddress('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(limitedAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64')
    expect(limitedAddress('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64')
    expect(limitedAddress('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(limitedAddress('::1')).toBe('0:0:0:0::/64')
    expect(limitedAddress('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64')
  })
})
