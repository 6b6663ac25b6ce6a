import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { headersFile, redirectsFile, withPolicyMeta } from './static-host'

describe('static host files', () => {
  it('redirects the root, each language root and every renamed slug', () => {
    const file = redirectsFile(['en', 'de'], [{ from: '/de/blog/alter-titel', to: '/de/blog/neuer-titel' }])
    expect(file.split('\n')).toEqual([
      expect.stringMatching(/^#/),
      '/ /en/blog 302',
      '/en /en/blog 301',
      '/en/ /en/blog 301',
      '/de /de/blog 301',
      '/de/ /de/blog 301',
      '/de/blog/alter-titel /de/blog/neuer-titel 301',
      '',
    ])
  })

  it("sends the server's security headers on every path and caches fingerprinted assets for good", () => {
    const file = headersFile()
    expect(file).toMatch(/^\/\*\n( {2}[a-z-]+: .+\n)+/m)
    expect(file).toContain('  strict-transport-security: max-age=63072000; includeSubDomains; preload')
    expect(file).toContain("  content-security-policy: frame-ancestors 'none'")
    expect(file).toContain('/assets/*\n  cache-control: public, max-age=31536000, immutable')
  })

  it("puts the page's script hashes in a policy <meta> before any script", () => {
    const script = 'document.documentElement.dataset.x = "1"'
    const html = `<!DOCTYPE html><html><head><meta charSet="utf-8"/><script>${script}</script></head><body></body></html>`
    const out = withPolicyMeta(html)
    const hash = createHash('sha256').update(script).digest('base64')
    expect(out.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(out.indexOf('<script>'))
    expect(out).toContain(`'sha256-${hash}'`)
    expect(out).not.toContain('frame-ancestors')
    // Pagefind's WebAssembly may compile; nothing else is loosened.
    expect(out).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-")
    expect(out).not.toMatch(/'unsafe-(inline|eval)'/)
    // Without an API origin the forms are left out, and nothing may be posted elsewhere.
    expect(out).toContain("form-action 'self';")
  })

  it('lets the forms post to, and fetch their challenge from, the API origin the export was built with', () => {
    const out = withPolicyMeta('<!DOCTYPE html><html><head></head><body></body></html>', 'https://api.example')
    expect(out).toContain("form-action 'self' https://api.example;")
    expect(out).toContain("connect-src 'self' https://api.example;")
    expect(out).toContain("default-src 'self';")
  })
})
