// Same-origin proxy for PostHog: the browser talks only to /api/ph/*, we forward to POSTHOG_HOST.
// Bodies pass as raw bytes (posthog-js marks gzip only by its magic bytes), cookies and hop headers
// are dropped, and only PostHog's own paths and methods are allowed.
import { type ClientRequest, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { CACHE_POLICY } from '../src/config/constants.ts'

export const PROXY_PREFIX = '/api/ph'
const MAX_BODY_BYTES = 1024 * 1024
const UPSTREAM_TIMEOUT_MS = 10_000
/** The whole exchange, from the request's arrival to the answer's last byte (POSTHOG_DEADLINE_MS). */
const DEADLINE_MS = 10_000
/** What one answer may relay (POSTHOG_MAX_RESPONSE_MB); posthog-js's largest script is well under 1 MiB. */
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024
/** After a 413, how much of the rest of the body is read and discarded, and for how long, before closing. */
const LINGER_BYTES = 8 * 1024 * 1024
const LINGER_MS = 2_000

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
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': CACHE_POLICY.never, ...headers })
  res.end(JSON.stringify({ error: message }))
  // Read what the client still sends, so it sees this answer rather than a reset connection.
  if (!res.req.complete) res.req.resume()
}

/**
 * 413 the way nginx's lingering close does it. Closing a socket with unread bytes makes the kernel
 * send a reset, and a client still writing its body then loses the answer it has not read yet. So the
 * answer goes out whole (its length and `Connection: close`) but is ended only once the body has been
 * read and discarded, or after `bytes` more bytes or `ms`, whichever comes first; then Node closes.
 */
function refuseBody(req: IncomingMessage, res: ServerResponse, maxBodyBytes: number, bytes: number, ms: number): void {
  const text = JSON.stringify({ error: `Payload Too Large: at most ${maxBodyBytes} bytes` })
  res.writeHead(413, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': CACHE_POLICY.never,
    connection: 'close',
  })
  res.write(text)
  let discarded = 0
  const close = () => {
    clearTimeout(timer)
    req.off('data', discard)
    req.off('end', close)
    if (!res.writableEnded) res.end()
  }
  const discard = (chunk: Buffer) => {
    discarded += chunk.length
    if (discarded > bytes) close()
  }
  const timer = setTimeout(close, ms)
  if (req.complete) return close()
  req.on('data', discard)
  req.once('end', close)
  req.resume()
}

export type ProxyOptions = {
  host: string
  assetsHost?: string
  trustProxy?: boolean
  /** Socket idle timeout towards the upstream (POSTHOG_TIMEOUT_MS). */
  timeoutMs?: number
  /** Overall deadline of one exchange (POSTHOG_DEADLINE_MS); by default 10 s, or `timeoutMs` where that is longer. */
  deadlineMs?: number
  maxBodyBytes?: number
  /** Bytes of one upstream answer relayed at most (POSTHOG_MAX_RESPONSE_MB). */
  maxResponseBytes?: number
  lingerBytes?: number
  lingerMs?: number
}

export function createPosthogProxy({
  host,
  assetsHost = assetsHostFor(host),
  trustProxy = false,
  timeoutMs = UPSTREAM_TIMEOUT_MS,
  deadlineMs = Math.max(DEADLINE_MS, timeoutMs),
  maxBodyBytes = MAX_BODY_BYTES,
  maxResponseBytes = MAX_RESPONSE_BYTES,
  lingerBytes = LINGER_BYTES,
  lingerMs = LINGER_MS,
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
    if (declared > maxBodyBytes) return refuseBody(req, res, maxBodyBytes, lingerBytes, lingerMs)

    const headers: OutgoingHttpHeaders = { host: target.host }
    for (const name of forwardedRequestHeaders) if (req.headers[name]) headers[name] = req.headers[name]
    const client = req.socket.remoteAddress ?? ''
    const prior = trustProxy ? req.headers['x-forwarded-for'] : undefined
    headers['x-forwarded-for'] = prior ? `${prior}, ${client}` : client

    const chunks: Buffer[] = []
    let size = 0
    // Set once this exchange has an outcome: an answer relayed or refused, or the client gone.
    let finished = false
    let upstream: ClientRequest | null = null
    const stop = () => {
      finished = true
      clearTimeout(deadline)
      upstream?.destroy()
    }
    const fail = (status: number, message: string, extra?: OutgoingHttpHeaders) => {
      if (finished) return
      stop()
      if (!res.headersSent) send(res, status, message, extra)
      // Part of the answer is out: cut it, so the client cannot take a truncated body for a whole one.
      else res.destroy()
    }
    const deadline = setTimeout(() => {
      if (req.complete) fail(504, `Gateway Timeout: analytics upstream did not answer within ${deadlineMs} ms`)
      else fail(408, `Request Timeout: the body did not arrive within ${deadlineMs} ms`, { connection: 'close' })
    }, deadlineMs)
    // The client left (or the answer was cut): nothing more to wait for upstream.
    res.on('close', () => {
      if (!finished || !res.writableFinished) stop()
    })

    req.on('data', (chunk: Buffer) => {
      if (finished) return
      size += chunk.length
      if (size > maxBodyBytes) {
        stop()
        chunks.length = 0
        refuseBody(req, res, maxBodyBytes, lingerBytes, lingerMs)
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
      upstream = requestUpstream(
        {
          protocol: target.protocol,
          hostname: target.hostname,
          port: target.port || undefined,
          method: req.method,
          path: `${target.pathname.replace(/\/$/, '')}${path}${url.search}`,
          headers,
          timeout: timeoutMs,
        },
        (answer) => relay(answer),
      )
      upstream.on('timeout', () => fail(504, 'Gateway Timeout: analytics upstream did not answer in time'))
      upstream.on('error', () => fail(502, 'Bad Gateway: analytics upstream unreachable'))
      upstream.end(body)
    })

    function relay(answer: IncomingMessage): void {
      if (finished) return void answer.resume()
      const status = answer.statusCode ?? 502
      if (status >= 500) return fail(502, `Bad Gateway: analytics upstream answered ${status}`)
      const length = Number(answer.headers['content-length'] ?? 0)
      if (length > maxResponseBytes) return fail(502, `Bad Gateway: analytics upstream answer larger than ${maxResponseBytes} bytes`)
      const out: OutgoingHttpHeaders = { 'cache-control': CACHE_POLICY.never }
      for (const name of returnedResponseHeaders) if (answer.headers[name]) out[name] = answer.headers[name]
      res.writeHead(status, out)
      let relayed = 0
      answer.on('data', (chunk: Buffer) => {
        if (finished) return
        relayed += chunk.length
        if (relayed > maxResponseBytes) return fail(502, 'Bad Gateway: analytics upstream answer too large')
        if (!res.write(chunk)) answer.pause()
      })
      res.on('drain', () => answer.resume())
      answer.on('end', () => {
        if (finished) return
        finished = true
        clearTimeout(deadline)
        res.end()
      })
      // An upstream that hangs up mid-answer: cut ours too.
      answer.on('close', () => {
        if (!answer.complete) fail(502, 'Bad Gateway: analytics upstream answer cut short')
      })
    }
  }
}
