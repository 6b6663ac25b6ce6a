import { createServer, type IncomingHttpHeaders, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assetsHostFor, createPosthogProxy } from './ph-proxy.ts'

type Received = { name: string; method?: string; url?: string; headers: IncomingHttpHeaders; body: Buffer }
type Answer = (req: IncomingMessage, res: ServerResponse) => void

function portOf(server: Server): number {
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the server is not listening on a TCP port')
  return address.port
}

/** A stand-in for PostHog on 127.0.0.1 that records what arrives and answers as told. */
function standIn(name: string) {
  const received: Received[] = []
  let answer: Answer = (_req, res) => res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'ph=1' }).end('{"status":1}')
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ name, method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks) })
      answer(req, res)
    })
  })
  return {
    received,
    answerWith: (fn: Answer) => (answer = fn),
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${portOf(server)}`))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

type Served = { url: string; close: () => Promise<void> }

function serve(handler: RequestListener): Promise<Served> {
  const server = createServer(handler)
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${portOf(server)}`,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections()
            server.close(() => r())
          }),
      }),
    ),
  )
}

describe('PostHog proxy', () => {
  const ingest = standIn('ingest')
  const assets = standIn('assets')
  let site: Served
  let ingestUrl: string

  beforeAll(async () => {
    ingestUrl = await ingest.listen()
    const assetsUrl = await assets.listen()
    site = await serve(createPosthogProxy({ host: ingestUrl, assetsHost: assetsUrl, timeoutMs: 300, maxBodyBytes: 64 * 1024 }))
  })
  afterAll(async () => {
    await Promise.all([ingest.close(), assets.close(), site.close()])
  })

  it('forwards a gzip batch byte for byte, with the upstream Host and X-Forwarded-For, without cookies', async () => {
    const body = gzipSync(JSON.stringify([{ event: '$pageview', properties: { $current_url: 'http://site/en/blog' } }]))
    const response = await fetch(`${site.url}/api/ph/e/?compression=gzip-js&ver=1.434.18`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie: 'PARAGLIDE_LOCALE=de; ph_secret=1', authorization: 'Bearer x' },
      body,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toBeNull()
    const got = ingest.received.at(-1)
    if (!got) throw new Error('nothing reached the ingest stand-in')
    expect(got.url).toBe('/e/?compression=gzip-js&ver=1.434.18')
    expect(got.body.equals(body)).toBe(true)
    expect(got.headers.host).toBe(new URL(ingestUrl).host)
    expect(got.headers.cookie).toBeUndefined()
    expect(got.headers.authorization).toBeUndefined()
    expect(got.headers['x-forwarded-for']).toBe('127.0.0.1')
  })

  it('sends static assets to the assets host', async () => {
    const response = await fetch(`${site.url}/api/ph/static/array.js`)
    expect(response.status).toBe(200)
    expect(assets.received.at(-1)?.url).toBe('/static/array.js')
  })

  it('answers 404 for paths that are not PostHog endpoints', async () => {
    for (const path of ['/api/ph/admin', '/api/ph/../../etc/passwd', '/api/ph/static/../x', '/api/ph']) {
      expect((await fetch(`${site.url}${path}`)).status, path).toBe(404)
    }
  })

  it('answers 405 for methods other than GET, POST and OPTIONS', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const response = await fetch(`${site.url}/api/ph/e/`, { method, body: method === 'DELETE' ? undefined : 'x' })
      expect(response.status, method).toBe(405)
      expect(response.headers.get('allow')).toBe('GET, POST, OPTIONS')
    }
  })

  it('answers 413 for a body over the cap, declared or streamed', async () => {
    const big = Buffer.alloc(65 * 1024, 1)
    expect((await fetch(`${site.url}/api/ph/e/`, { method: 'POST', body: big })).status).toBe(413)
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new Uint8Array(16 * 1024))
        controller.close()
      },
    })
    // Node's fetch needs `duplex` for a streamed body; the DOM RequestInit type does not list it.
    const init: RequestInit & { duplex: 'half' } = { method: 'POST', body: stream, duplex: 'half' }
    const streamed = await fetch(`${site.url}/api/ph/e/`, init).catch(() => null)
    if (streamed) expect(streamed.status).toBe(413)
  })

  it('passes upstream 4xx through unchanged', async () => {
    ingest.answerWith((_req, res) => res.writeHead(400, { 'content-type': 'application/json' }).end('{"type":"validation_error","detail":"bad"}'))
    const response = await fetch(`${site.url}/api/ph/e/`, { method: 'POST', body: 'not gzip' })
    expect(response.status).toBe(400)
    expect(await response.text()).toBe('{"type":"validation_error","detail":"bad"}')
  })

  it('answers 502 when the upstream fails with 5xx', async () => {
    ingest.answerWith((_req, res) => res.writeHead(500).end('boom'))
    const response = await fetch(`${site.url}/api/ph/e/`, { method: 'POST', body: 'x' })
    expect(response.status).toBe(502)
  })

  it('answers 504 quickly when the upstream hangs', async () => {
    ingest.answerWith(() => {})
    const started = Date.now()
    const response = await fetch(`${site.url}/api/ph/e/`, { method: 'POST', body: 'x' })
    expect(response.status).toBe(504)
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('answers 502 when the upstream is unreachable', async () => {
    const closed = standIn('closed')
    const url = await closed.listen()
    await closed.close()
    const lonely = await serve(createPosthogProxy({ host: url, timeoutMs: 1000 }))
    const response = await fetch(`${lonely.url}/api/ph/e/`, { method: 'POST', body: 'x' })
    expect(response.status).toBe(502)
    await lonely.close()
  })

  it('derives the assets host of PostHog cloud regions', () => {
    expect(assetsHostFor('https://eu.i.posthog.com')).toBe('https://eu-assets.i.posthog.com')
    expect(assetsHostFor('https://us.i.posthog.com')).toBe('https://us-assets.i.posthog.com')
    expect(assetsHostFor('https://ph.example.org')).toBe('https://ph.example.org')
  })
})
