import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, inlineScriptHashes, securityHeaders } from './security.ts'

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`

describe('content security policy', () => {
  it('hashes the inline scripts a browser runs, not external or data scripts', () => {
    const html = `<head><script>a()</script><script src="/assets/x.js"></script><script type="module">b()</script>
      <script type="application/ld+json">{"@type":"WebSite"}</script><script class="$tsr">c()</script></head>`
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()'), sha('c()')])
  })

  it('hashes a page given as bytes the same, whatever its scripts are written in', () => {
    const scripts = ['m={loading:`Загрузка…`,el:"Ελληνικά"}', 'b("€ 1.500 – 2.000")']
    const html = `<html lang="uk"><body><p>Українська — ціни в €</p><script>${scripts[0]}</script><script>${scripts[1]}</script></body></html>`
    expect(inlineScriptHashes(Buffer.from(html))).toEqual(scripts.map(sha))
    expect(inlineScriptHashes(html)).toEqual(scripts.map(sha))
  })

  it('allows no inline script or eval by keyword and forbids framing, plugins and base changes', () => {
    const csp = contentSecurityPolicy([sha('a()')])
    expect(csp).toContain(`script-src 'self' ${sha('a()')}`)
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("base-uri 'none'")
    expect(contentSecurityPolicy([], { https: true })).toContain('upgrade-insecure-requests')
  })

  it('sends HSTS only over HTTPS', () => {
    expect(securityHeaders()).not.toHaveProperty('strict-transport-security')
    expect(securityHeaders({ https: true })['strict-transport-security']).toMatch(/max-age=63072000/)
    expect(securityHeaders()).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    })
  })
})
