// The production request handler: security headers on everything, the analytics proxy, the build's
// static files, then the app — through the page cache, compressed, with ETags and a CSP made of the
// page's own script hashes.
import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { Config } from './config.ts'
import { NodeRequest, sendNodeResponse } from 'srvx/node'
import { compressible, compressOnce, createPageCache, makeEntry, sharedMaxAge, type Entry } from './page-cache.ts'
import { isAdminPath } from './cms/paths.ts'
import { clientAddress } from './cms/client-address.ts'
import type { Readers } from './readers/site.ts'
import { readCookie } from '../src/config/cookies.ts'
import { createPosthogProxy, PROXY_PREFIX } from './ph-proxy.ts'
import { contentSecurityPolicy, inlineScriptHashes, nonHtmlPolicy, securityHeaders } from './security.ts'
import { acceptedEncoding, createStatic } from './static.ts'
import { metricsContentType, metricsText, observe, pageCacheStates, renderSeconds } from './observe.ts'
import { CACHE_POLICY } from '../src/config/constants.ts'

const hostPattern = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i
const MB = 1024 * 1024
/** The longest request target answered (nginx's default line buffer is 8 KB); longer gets 414. */
export const MAX_URL_BYTES = 8 * 1024

/** The fetch-style handler of the build (dist/server/server.js). */
export type FetchHandler = { fetch(request: Request): Promise<Response> }

export type AppOptions = {
  handler: FetchHandler
  clientDir: string
  config: Config
  onContentChange?: (listener: () => void) => void
  /** The editorial interface (server/cms), when CMS_ENABLED; without it its paths answer 404. */
  admin?: (request: Request, info: { address?: string }) => Promise<Response>
  /** True from the moment a stop begins: `/readyz` then answers 503 so a load balancer drains first. */
  stopping?: () => boolean
  /** The newsletter's forms and one-click unsubscribe (server/readers/site.ts); without it they answer 404. */
  readers?: Readers
}

/** The most a newsletter form may send: a few fields, far below this. */
const MAX_FORM_BYTES = 16 * 1024

/** A rendered answer: the stored form plus its Set-Cookie headers, which are never cached. */
type Rendered = Entry & { setCookies: string[] }

/**
 * An answer sent before the request body was read (a refusal) must still read the body, or closing
 * the socket with unread bytes resets the connection before the client sees the answer.
 */
function drain(req: IncomingMessage): void {
  if (!req.complete) req.resume()
}

const forbiddenMethods = new Set(['CONNECT', 'TRACE', 'TRACK'])

/**
 * The web Request for the app, made by srvx from the Node request (headers, streamed body, abort on
 * disconnect). The URL stays ours: the Host header only when it is well formed (else SITE_URL's host),
 * https from the socket or, with TRUST_PROXY, X-Forwarded-Proto; and HEAD is rendered as GET (the
 * body is simply not sent), so caches hold full answers.
 */
function toRequest(req: IncomingMessage, res: ServerResponse, origin: string): Request {
  // srvx builds its Request lazily; refuse here (400) what the fetch Request constructor refuses.
  if (forbiddenMethods.has(req.method ?? '')) throw new TypeError(`${req.method} is not a fetch method`)
  const request: Request = new NodeRequest({ req, res })
  const url = new URL(req.url ?? '/', origin).href
  if (req.method !== 'HEAD' && request.url === url) return request
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  // `duplex` is required by Node's fetch for a streamed body but missing from the DOM RequestInit type.
  const init: RequestInit & { duplex?: 'half' } = {
    method: req.method === 'HEAD' ? 'GET' : req.method,
    headers: request.headers,
    body: hasBody ? request.body : undefined,
    duplex: hasBody ? 'half' : undefined,
    signal: request.signal,
  }
  return new Request(url, init)
}

/** Compares a secret in constant time. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** A short plain-text answer that no cache keeps. */
function plain(res: ServerResponse, status: number, text: string, headers: OutgoingHttpHeaders = {}) {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': CACHE_POLICY.never,
    'content-security-policy': nonHtmlPolicy,
    ...headers,
  })
  res.end(text)
}

export function createApp({ handler, clientDir, config, onContentChange, admin, readers, stopping = () => false }: AppOptions) {
  const statics = createStatic(clientDir)
  const fallbackHost = new URL(config.SITE_URL).host
  // Without a key no analytics code runs, so the proxy does not exist either.
  const posthog = config.POSTHOG_KEY
    ? createPosthogProxy({
        host: config.POSTHOG_HOST,
        assetsHost: config.POSTHOG_ASSETS_HOST,
        trustProxy: config.TRUST_PROXY,
        timeoutMs: config.POSTHOG_TIMEOUT_MS,
        deadlineMs: config.POSTHOG_DEADLINE_MS,
        maxResponseBytes: config.POSTHOG_MAX_RESPONSE_MB * 1024 * 1024,
      })
    : null
  const cache = config.PAGE_CACHE ? createPageCache<Rendered>({ maxBytes: config.PAGE_CACHE_MB * MB }) : null
  onContentChange?.(() => cache?.clear())

  const isHttps = (req: IncomingMessage): boolean =>
    ('encrypted' in req.socket && Boolean(req.socket.encrypted)) ||
    (config.TRUST_PROXY &&
      String(req.headers['x-forwarded-proto'] ?? '')
        .split(',')[0]
        .trim() === 'https')

  function originOf(req: IncomingMessage): string {
    const host = req.headers.host && hostPattern.test(req.headers.host) ? req.headers.host : fallbackHost
    return `${isHttps(req) ? 'https' : 'http'}://${host}`
  }

  /** Runs the app and turns its answer into a stored-form entry (buffered, hashed, compressed). */
  async function render(request: Request, https: boolean, keep = true): Promise<Rendered> {
    const timer = renderSeconds.startTimer()
    const response = await handler.fetch(request).finally(timer)
    const body = Buffer.from(await response.arrayBuffer())
    const headers: Record<string, string> = {}
    for (const [name, value] of response.headers) if (name !== 'set-cookie') headers[name] = value
    const type = headers['content-type'] ?? ''
    headers['content-security-policy'] = type.startsWith('text/html') ? contentSecurityPolicy(inlineScriptHashes(body), { https }) : nonHtmlPolicy
    if (compressible(type) && body.length >= 1024) {
      headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding'
    }
    const entry = makeEntry({ status: response.status, headers, body }, Date.now(), { compress: keep })
    return Object.assign(entry, { setCookies: response.headers.getSetCookie() })
  }

  const cacheable = (entry: Rendered): boolean =>
    entry.status === 200 &&
    entry.setCookies.length === 0 &&
    sharedMaxAge(entry.headers['cache-control']) > 0 &&
    !/\b(cookie|accept-language)\b/i.test(entry.headers.vary ?? '')

  function send(req: IncomingMessage, res: ServerResponse, entry: Rendered, state: string): void {
    pageCacheStates.inc({ state: state.toLowerCase() })
    const headers: OutgoingHttpHeaders = { ...entry.headers, etag: entry.etag, 'x-cache': state }
    // A stored answer says how old it is, so a CDN behind us counts its s-maxage from the render.
    if (state === 'FRESH' || state === 'STALE') headers.age = String(Math.max(0, Math.floor((Date.now() - entry.storedAt) / 1000)))
    if (entry.setCookies.length) headers['set-cookie'] = entry.setCookies
    if (entry.status === 200 && req.headers['if-none-match'] === entry.etag) {
      delete headers['content-length']
      res.writeHead(304, headers)
      res.end()
      return
    }
    const worthCompressing = compressible(entry.headers['content-type']) && entry.body.length >= 1024
    const encoding = worthCompressing ? acceptedEncoding(req.headers['accept-encoding']) : null
    const body = !encoding ? entry.body : ((encoding === 'br' ? entry.br : entry.gzip) ?? compressOnce(entry.body, encoding))
    if (encoding) headers['content-encoding'] = encoding
    headers['content-length'] = body.length
    res.writeHead(entry.status, headers)
    res.end(req.method === 'HEAD' ? undefined : body)
    drain(req)
  }

  /**
   * A form posted to the newsletter, contact or partner page, or the one-click unsubscribe: refused from another site,
   * read (a small body), handled by the readers, and answered with the page in the state it led
   * to (its status too), or with JSON for the page's script, or with the reader's data file.
   */
  async function newsletterPost(req: IncomingMessage, res: ServerResponse, readers: Readers, pathname: string, https: boolean): Promise<void> {
    const origin = originOf(req)
    // A static export built with FORMS_ORIGIN posts from its own origin: named, it may read the answer.
    const from = req.headers.origin
    const allowedOther = from !== undefined && from !== origin && config.FORMS_ALLOWED_ORIGINS.includes(from)
    const cors: Record<string, string> = allowedOther ? { 'access-control-allow-origin': from, vary: 'origin' } : {}
    const json = (status: number, body: object) => {
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': CACHE_POLICY.never,
        'content-security-policy': nonHtmlPolicy,
        ...cors,
      })
      res.end(JSON.stringify(body))
      drain(req)
    }
    if (req.method !== 'POST') {
      plain(res, 405, 'Method Not Allowed: this address takes a form (POST).', { allow: 'POST' })
      drain(req)
      return
    }
    // Forms refuse other origins (issue 39): a browser names the page's origin on every form POST.
    if (from !== undefined && from !== origin && !allowedOther) {
      plain(res, 403, 'Forbidden: this form can only be sent from this site.')
      drain(req)
      return
    }
    if (Number(req.headers['content-length'] ?? 0) > MAX_FORM_BYTES) {
      plain(res, 413, `Content Too Large: a form may send at most ${MAX_FORM_BYTES} bytes.`)
      drain(req)
      return
    }
    const request = toRequest(req, res, origin)
    if (pathname === readers.oneClickPath) {
      await sendNodeResponse(res, await readers.oneClick(request))
      return
    }
    const address = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], config.TRUST_PROXY)
    const headers = new Headers(request.headers)
    for (const name of ['content-type', 'content-length']) headers.delete(name)
    if (readers.messageFormOf(pathname)) {
      const sent = await readers.postMessage(request, { address })
      if (/application\/json/.test(req.headers.accept ?? '')) return json(sent.status, { state: sent.state, message: sent.message })
      // The page again, in the state the form led to; after a refusal with what was written, so nothing is lost.
      const query = new URLSearchParams({ state: sent.state, ...sent.fields })
      const entry = await render(new Request(`${origin}${pathname}?${query}`, { headers }), https, false)
      send(req, res, { ...entry, status: entry.status === 200 ? sent.status : entry.status }, 'BYPASS')
      return
    }
    const answer = await readers.post(request, { address })
    if (answer.kind === 'response') {
      await sendNodeResponse(res, answer.response)
      return
    }
    if (/application\/json/.test(req.headers.accept ?? '')) return json(answer.status, { state: answer.state, message: answer.message })
    const query = new URLSearchParams({ state: answer.state, ...(answer.token ? { t: answer.token } : {}) })
    const settings = answer.token ? await readers.settingsQuery(answer.state, answer.token) : null
    const page = `${origin}${readers.pagePath(answer.locale)}?${query}${settings ? `&${settings}` : ''}`
    const entry = await render(new Request(page, { headers }), https, false)
    send(req, res, { ...entry, status: entry.status === 200 ? answer.status : entry.status }, 'BYPASS')
  }

  return async function app(req: IncomingMessage, res: ServerResponse): Promise<void> {
    observe(req, res, { log: config.LOG_REQUESTS })
    try {
      const https = isHttps(req)
      for (const [name, value] of Object.entries(securityHeaders({ https }))) res.setHeader(name, value)
      const pathname = (req.url ?? '/').split('?', 1)[0]

      if (Buffer.byteLength(req.url ?? '') > MAX_URL_BYTES) {
        plain(res, 414, `URI Too Long: a request target may have at most ${MAX_URL_BYTES} bytes.`)
        drain(req)
        return
      }
      // For a load balancer: alive (the process answers), and ready (content loaded, not stopping).
      if (pathname === '/healthz' || pathname === '/readyz') {
        const ready = pathname === '/healthz' || !stopping()
        plain(res, ready ? 200 : 503, ready ? 'ok\n' : 'stopping\n')
        drain(req)
        return
      }
      if (pathname === '/metrics') {
        const token = config.METRICS_TOKEN
        if (!token) plain(res, 404, 'Not Found')
        else if (!sameSecret(req.headers.authorization ?? '', `Bearer ${token}`))
          plain(res, 401, 'Unauthorized: /metrics needs its bearer token.', { 'www-authenticate': 'Bearer' })
        else plain(res, 200, await metricsText(), { 'content-type': metricsContentType })
        drain(req)
        return
      }

      if (pathname === PROXY_PREFIX || pathname.startsWith(`${PROXY_PREFIX}/`)) {
        res.setHeader('content-security-policy', nonHtmlPolicy)
        if (posthog) return posthog(req, res)
        res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
        res.end(JSON.stringify({ error: 'Not Found: analytics is not configured' }))
        drain(req)
        return
      }

      // The editorial interface answers apart from the site: never cached, its own policy (server/cms).
      if (isAdminPath(pathname)) {
        if (admin) {
          let request: Request
          try {
            request = toRequest(req, res, originOf(req))
          } catch {
            plain(res, 400, 'Bad Request: the request URL or headers could not be read.')
            drain(req)
            return
          }
          await sendNodeResponse(res, await admin(request, { address: req.socket.remoteAddress }))
          drain(req)
          return
        }
        res.writeHead(404, {
          'content-type': 'text/plain; charset=utf-8',
          'content-security-policy': nonHtmlPolicy,
          'cache-control': CACHE_POLICY.never,
        })
        res.end('Not Found')
        drain(req)
        return
      }

      const newsletterLocale = readers?.isNewsletterPath(pathname) ?? null
      if (readers && pathname === readers.challengePath) {
        const from = req.headers.origin
        if (from && config.FORMS_ALLOWED_ORIGINS.includes(from)) res.setHeader('access-control-allow-origin', from).setHeader('vary', 'origin')
        if (req.method !== 'GET') plain(res, 405, 'Method Not Allowed: a challenge is read with GET.', { allow: 'GET' })
        else await sendNodeResponse(res, await readers.challenge())
        drain(req)
        return
      }
      if (readers && (pathname === readers.oneClickPath || (req.method === 'POST' && (newsletterLocale || readers.messageFormOf(pathname))))) {
        await newsletterPost(req, res, readers, pathname, isHttps(req))
        return
      }
      // A signed settings link: the page shows the reader's settings, read here, never cached.
      if (readers && newsletterLocale && req.method === 'GET' && /[?&]t=/.test(req.url ?? '') && !/[?&]countries=/.test(req.url ?? '')) {
        const url = new URL(req.url ?? '/', originOf(req))
        const settings = await readers.settingsQuery(url.searchParams.get('state') ?? '', url.searchParams.get('t') ?? '')
        if (settings) {
          send(
            req,
            res,
            await render(
              new Request(`${url.origin}${pathname}?${url.searchParams}&${settings}`, { headers: toRequest(req, res, url.origin).headers }),
              isHttps(req),
              false,
            ),
            'BYPASS',
          )
          return
        }
      }

      if (req.method === 'GET' || req.method === 'HEAD') {
        if (statics.has(pathname)) {
          res.setHeader('content-security-policy', nonHtmlPolicy)
          if (await statics.serve(req, res, pathname)) return
          res.removeHeader('content-security-policy')
        }
      }

      let request: Request
      try {
        request = toRequest(req, res, originOf(req))
      } catch {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
        res.end('Bad Request: the request URL or headers could not be read.')
        return
      }

      const readOnly = req.method === 'GET' || req.method === 'HEAD'
      // An editor's preview (drafts, scheduled posts) is never served from nor stored in the cache,
      // and neither is the request that sets its cookie.
      const preview = readCookie(req.headers.cookie, 'preview') !== undefined || /[?&]preview=/.test(req.url ?? '')
      if (!cache || !readOnly || preview) {
        send(req, res, await render(request, https, false), 'BYPASS')
        return
      }
      // A background refresh must not depend on this visitor's connection or cookies.
      const headers = new Headers(request.headers)
      headers.delete('cookie')
      const url = request.url
      const produce = (background: boolean) => render(background ? new Request(url, { method: 'GET', headers }) : request, https)
      const key = `${https ? 'https' : 'http'} ${url}`
      const { entry, state } = await cache.get(key, produce, cacheable)
      send(req, res, entry, state.toUpperCase())
    } catch (error) {
      console.error('Unhandled error for', req.method, (req.url ?? '').split('?', 1)[0], error)
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': CACHE_POLICY.never })
        res.end('Internal Server Error')
      } else {
        res.destroy()
      }
    }
  }
}
