// Same-origin proxy for PostHog: the browser talks only to /api/ph/*, we forward to POSTHOG_HOST.
// Bodies pass as raw bytes (posthog-js marks gzip only by its magic bytes), cookies and hop headers
// are dropped, and only PostHog's own paths and methods are allowed.
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http'
import { request as httpsRequest } from 'node:https'

export const PROXY_PREFIX = '/api/ph'
const MAX_BODY_BYTES = 1024 * 1024
const UPSTREAM_TIMEOUT_MS = 10_000

const ingestPaths = /^\/(?:e|i\/v0\/e|batch|capture|decide|flags|engage|track|s|i\/v0\/s)\/?$/
const assetPaths = /^\/(?:static\/[A-Za-z0-9._/-]{1,200}|array\/[A-Za-z0-9_-]{1,100}\/config(?:\.js)?)$/
const forwardedRequestHeaders = [
  'content-type',
  'content-encoding',
  'user-agent',
  'accept',
  'accept-encoding',
  'accept-language',
  'origin',
  'referer',
]
const returnedResponseHeaders = [
  'content-type',
  'content-encoding',
  'cache-control',
  'etag',
  'last-modified',
  'vary',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-headers',
  'access-control-allow-methods',
]

/** eu.i.posthog.com serves events, eu-assets.i.posthog.com the scripts; other hosts serve both. */
export function assetsHostFor(host: string): string {
  const url = new URL(host)
  const match = /^(eu|us)\.i\.posthog\.com$/.exec(url.hostname)
  if (match) url.hostname = `${match[1]}-assets.i.posthog.com`
  return url.origin
}

function send(res: ServerResponse, status: number, message: string, headers: OutgoingHttpHeaders = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers })
  res.end(JSON.stringify({ error: message }))
  // Read what the client still sends, so it sees this answer rather than a reset connection.
  if (!res.req.complete) res.req.resume()
}

export type ProxyOptions = { host: string; assetsHost?: string; trustProxy?: boolean; timeoutMs?: number; maxBodyBytes?: number }

export function createPosthogProxy({
  host,
  assetsHost = assetsHostFor(host),
  trustProxy = false,
  timeoutMs = UPSTREAM_TIMEOUT_MS,
  maxBodyBytes = MAX_BODY_BYTES,
}: ProxyOptions) {
  const ingest = new URL(host)
  const assets = new URL(assetsHost)

  return function proxy(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://proxy.local')
    const path = url.pathname.slice(PROXY_PREFIX.length) || '/'
    const target = ingestPaths.test(path) ? ingest : assetPaths.test(path) ? assets : null
    if (!target) return send(res, 404, 'Not Found: not a PostHog endpoint')
    if (!['GET', 'POST', 'OPTIONS'].includes(req.method ?? '')) {
      return send(res, 405, 'Method Not Allowed', { allow: 'GET, POST, OPTIONS' })
    }
    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > maxBodyBytes) {
      req.resume()
      return send(res, 413, `Payload Too Large: at most ${maxBodyBytes} bytes`, { connection: 'close' })
    }

    const headers: OutgoingHttpHeaders = { host: target.host }
    for (const name of forwardedRequestHeaders) if (req.headers[name]) headers[name] = req.headers[name]
    const client = req.socket.remoteAddress ?? ''
    const prior = trustProxy ? req.headers['x-forwarded-for'] : undefined
    headers['x-forwarded-for'] = prior ? `${prior}, ${client}` : client

    const chunks: Buffer[] = []
    let size = 0
    let finished = false
    const fail = (status: number, message: string) => {
      if (finished) return
      finished = true
      if (!res.headersSent) send(res, status, message)
      else res.destroy()
    }

    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBodyBytes) {
        fail(413, `Payload Too Large: at most ${maxBodyBytes} bytes`)
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on('error', () => fail(400, 'Bad Request: the body could not be read'))
    req.on('end', () => {
      if (finished) return
      const body = Buffer.concat(chunks)
      if (body.length) headers['content-length'] = String(body.length)
      const requestUpstream = target.protocol === 'https:' ? httpsRequest : httpRequest
      const upstream = requestUpstream(
        {
          protocol: target.protocol,
          hostname: target.hostname,
          port: target.port || undefined,
          method: req.method,
          path: `${target.pathname.replace(/\/$/, '')}${path}${url.search}`,
          headers,
          timeout: timeoutMs,
        },
        (answer) => {
          if (finished) return answer.resume()
          finished = true
          const status = answer.statusCode ?? 502
          if (status >= 500) {
            answer.resume()
            send(res, 502, `Bad Gateway: analytics upstream answered ${status}`)
            return
          }
          const out: OutgoingHttpHeaders = { 'cache-control': 'no-store' }
          for (const name of returnedResponseHeaders) if (answer.headers[name]) out[name] = answer.headers[name]
          res.writeHead(status, out)
          answer.pipe(res)
        },
      )
      upstream.on('timeout', () => {
        upstream.destroy()
        fail(504, 'Gateway Timeout: analytics upstream did not answer in time')
      })
      upstream.on('error', () => fail(502, 'Bad Gateway: analytics upstream unreachable'))
      upstream.end(body)
    })
  }
}
