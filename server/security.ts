// Security headers for every answer, and a Content-Security-Policy for HTML built from the hashes
// of the page's own inline scripts — no nonce, so a cached page keeps a valid policy.
import { createHash } from 'node:crypto'

const inlineScript = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi

/**
 * sha256 sources of the inline scripts a browser would run (JSON-LD data blocks are not run).
 * A page's bytes are read as Latin-1, one character a byte: the markup the pattern looks for is
 * ASCII, each script's bytes are hashed as they are, and nothing is decoded from UTF-8 first
 * (half the time on a post, decision 023).
 */
export function inlineScriptHashes(html: string | Buffer): string[] {
  const [text, encoding] = typeof html === 'string' ? [html, 'utf8' as const] : [html.toString('latin1'), 'latin1' as const]
  const hashes = new Set<string>()
  for (const [, attributes, body] of text.matchAll(inlineScript)) {
    const type = /\btype=["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase()
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue
    hashes.add(`'sha256-${createHash('sha256').update(body, encoding).digest('base64')}'`)
  }
  return [...hashes]
}

/**
 * `wasm` allows WebAssembly to be compiled ('wasm-unsafe-eval', not 'unsafe-eval'): only the static
 * export sets it, for Pagefind's search (docs/security.md).
 */
export function contentSecurityPolicy(
  scriptHashes: string[],
  { https = false, wasm = false, formsOrigin }: { https?: boolean; wasm?: boolean; formsOrigin?: string } = {},
): string {
  // A static export's forms post to, and fetch their challenge from, the API origin it was built with.
  const forms = formsOrigin ? ` ${formsOrigin}` : ''
  const directives = [
    "default-src 'self'",
    `script-src 'self'${wasm ? " 'wasm-unsafe-eval'" : ''} ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${forms}`,
    "manifest-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self'${forms}`,
    "frame-ancestors 'none'",
  ]
  if (https) directives.push('upgrade-insecure-requests')
  return directives.join('; ')
}

/** Headers every answer carries; HSTS only when the visitor reached us over HTTPS. */
export function securityHeaders({ https = false }: { https?: boolean } = {}): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'x-frame-options': 'DENY',
  }
  if (https) headers['strict-transport-security'] = 'max-age=63072000; includeSubDomains; preload'
  return headers
}

/** A CSP for answers that are not HTML: nothing may run or frame them. */
export const nonHtmlPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"
