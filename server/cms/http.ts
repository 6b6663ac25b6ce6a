// The editorial interface's answers as web Responses, its request bodies read through srvx's body
// limit, and its cross-site write check (decision 019; issue 36 moved these here from handler.ts).
import { limitRequestBody } from 'srvx/body-limit'
import { CACHE_POLICY } from '../../src/config/constants.ts'

/** Headers of every admin answer: its own policy (Keystatic's UI needs inline styles), never cached or indexed. */
const adminHeaders = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'cache-control': CACHE_POLICY.never,
  'x-robots-tag': 'noindex, nofollow',
}

/** A request answered with `status` and a message for the editor; `audit` adds to (or names the action of) its audit line. */
export class Refusal extends Error {
  status: number
  audit: Record<string, unknown>
  constructor(status: number, message: string, audit: Record<string, unknown> = {}) {
    super(message)
    this.status = status
    this.audit = audit
  }
}

type Extra = Record<string, string | string[]>

function headersOf(extra: Extra): Headers {
  const headers = new Headers(adminHeaders)
  for (const [name, value] of Object.entries(extra)) for (const one of [value].flat()) headers.append(name, one)
  return headers
}

export function send(status: number, body: string | Uint8Array, type: string, extra: Extra = {}): Response {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body
  const headers = headersOf({ 'content-type': type, 'content-length': String(bytes.byteLength), ...extra })
  return new Response(status === 204 || status === 304 ? null : new Uint8Array(bytes), { status, headers })
}
export const html = (status: number, body: string, extra?: Extra) => send(status, body, 'text/html; charset=utf-8', extra)
export const text = (status: number, body: string, extra?: Extra) => send(status, body, 'text/plain; charset=utf-8', extra)
export const redirect = (location: string, extra: Extra = {}) =>
  new Response(null, { status: 303, headers: headersOf({ location, 'content-length': '0', ...extra }) })

const tooLarge = (limit: number) =>
  new Refusal(413, `Not saved: the request is larger than ${limit >= 1024 * 1024 ? `${limit / 1024 / 1024} MB` : `${limit / 1024} KB`}.`)

/** The body as text, refused (413) as soon as its declared or received length passes `limit`: nothing larger is read or parsed. */
export async function readBody(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > limit) throw tooLarge(limit)
  const limited = limitRequestBody(request, limit, { createError: tooLarge })
  try {
    return await limited.text()
  } catch (error) {
    // The stream's error may come back wrapped (a TypeError whose cause is ours).
    if (error instanceof Refusal) throw error
    if (error instanceof Error && error.cause instanceof Refusal) throw error.cause
    throw error
  }
}

/**
 * A write must come from a page of this site: its Origin's host is the request's Host (or, without an
 * Origin, Sec-Fetch-Site says same-origin); a Sec-Fetch-Site other than same-origin is refused.
 * The host, not the whole origin, is compared: behind a TLS proxy without TRUST_PROXY the request's
 * own scheme is http while the page's is https.
 */
export function sameOrigin(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site')
  if (site && site !== 'same-origin') return false
  const origin = request.headers.get('origin')
  if (!origin) return site === 'same-origin'
  try {
    return new URL(origin).host === request.headers.get('host')
  } catch {
    return false
  }
}
