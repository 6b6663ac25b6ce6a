import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assetsHostFor, createPosthogProxy, type ProxyOptions } from './ph-proxy.ts'

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

type Posted = { status?: number; body: string; error?: string; closedAfterMs: number; sent: number }

/**
 * A real client over a real socket: writes `size` bytes in 64 KiB pieces (waiting for drain, as any
 * client does) while it reads the answer, as a browser or an SDK posting a large batch would.
 * `stopAfter` stops writing there without ending the body (a client that stalls).
 */
function post(url: string, size: number, { chunked = false, stopAfter = Infinity } = {}): Promise<Posted> {
  return new Promise((resolve) => {
    const started = Date.now()
    const result: Posted = { body: '', closedAfterMs: 0, sent: 0 }
    const headers: Record<string, string | number> = { 'content-type': 'text/plain' }
    if (!chunked) headers['content-length'] = size
    const req = request(url, { method: 'POST', headers })
    req.on('response', (res) => {
      result.status = res.statusCode
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (result.body += chunk))
      res.on('error', () => {})
    })
    req.on('error', (error: NodeJS.ErrnoException) => (result.error ??= error.code ?? error.message))
    req.on('close', () => {
      result.closedAfterMs = Date.now() - started
      resolve(result)
    })
    const piece = Buffer.alloc(64 * 1024, 0x61)
    const write = () => {
      const upTo = Math.min(size, stopAfter)
      while (result.sent < upTo && !req.destroyed) {
        const n = Math.min(piece.length, upTo - result.sent)
        result.sent += n
        if (!req.write(n === piece.length ? piece : piece.subarray(0, n))) return void req.once('drain', write)
      }
      if (result.sent >= size && !req.destroyed) req.end()
    }
    write()
  })
}

/** A proxy of its own in front of the ingest stand-in, for tests that need other limits. */
async function proxyTo(host: string, options: Partial<ProxyOptions> = {}): Promise<Served> {
  return serve(createPosthogProxy({ host, ...options }))
}

/** An upstream answer: 200 at once, then `piece` bytes every `everyMs` until the proxy hangs up. */
function trickle(piece: number, everyMs: number, seen: { closed: boolean; sent: number }): Answer {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/javascript' })
    const timer = setInterval(() => {
      seen.sent += piece
      res.write(Buffer.alloc(piece, 0x20))
    }, everyMs)
    res.on('close', () => {
      clearInterval(timer)
      seen.closed = true
    })
  }
}

const waitFor = async (check: () => boolean, ms: number) => {
  const until = Date.now() + ms
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 20))
  return check()
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

  it('answers 413 that a client still sending 5 MiB can read, then closes (declared length)', async () => {
    const proxy = await proxyTo(ingestUrl)
    const result = await post(`${proxy.url}/api/ph/e/`, 5 * 1024 * 1024)
    await proxy.close()
    expect(result.error, JSON.stringify(result)).toBeUndefined()
    expect(result.status).toBe(413)
    expect(JSON.parse(result.body)).toEqual({ error: `Payload Too Large: at most ${1024 * 1024} bytes` })
  })

  it('answers 413 that a client still sending 5 MiB can read (chunked, no length)', async () => {
    const proxy = await proxyTo(ingestUrl)
    const result = await post(`${proxy.url}/api/ph/e/`, 5 * 1024 * 1024, { chunked: true })
    await proxy.close()
    expect(result.error, JSON.stringify(result)).toBeUndefined()
    expect(result.status).toBe(413)
  })

  it('after a 413 reads the rest for a bounded time only, then closes', async () => {
    const proxy = await proxyTo(ingestUrl, { lingerMs: 300 })
    // Declares 5 MiB, sends 2 MiB and stalls: the connection must not stay open.
    const result = await post(`${proxy.url}/api/ph/e/`, 5 * 1024 * 1024, { stopAfter: 2 * 1024 * 1024 })
    await proxy.close()
    expect(result.status).toBe(413)
    expect(result.closedAfterMs).toBeLessThan(2000)
  })

  it('after a 413 reads a bounded number of bytes only, then closes', async () => {
    const proxy = await proxyTo(ingestUrl, { maxBodyBytes: 64 * 1024, lingerBytes: 256 * 1024, lingerMs: 10_000 })
    const started = Date.now()
    const result = await post(`${proxy.url}/api/ph/e/`, 64 * 1024 * 1024, { chunked: true })
    await proxy.close()
    expect(result.sent).toBeLessThan(64 * 1024 * 1024)
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('answers 504 at the overall deadline when the upstream is slower than it, idle timeout or not', async () => {
    const slow = standIn('slow')
    const slowUrl = await slow.listen()
    slow.answerWith(() => {})
    const proxy = await proxyTo(slowUrl, { timeoutMs: 5000, deadlineMs: 300 })
    const started = Date.now()
    const response = await fetch(`${proxy.url}/api/ph/e/`, { method: 'POST', body: 'x' })
    expect(response.status).toBe(504)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect((await response.json()) as unknown).toEqual({ error: expect.stringMatching(/^Gateway Timeout/) as unknown })
    expect(Date.now() - started).toBeLessThan(2000)
    await Promise.all([proxy.close(), slow.close()])
  })

  it('answers 408 at the deadline when the client sends its body too slowly', async () => {
    const proxy = await proxyTo(ingestUrl, { deadlineMs: 300 })
    const result = await post(`${proxy.url}/api/ph/e/`, 1000, { stopAfter: 10 })
    await proxy.close()
    expect(result.status).toBe(408)
    expect(result.body).toMatch(/Request Timeout/)
    expect(result.closedAfterMs).toBeLessThan(2000)
  })

  it('ends an answer that trickles past the deadline and hangs up on the upstream', async () => {
    const slow = standIn('trickle')
    const slowUrl = await slow.listen()
    const seen = { closed: false, sent: 0 }
    slow.answerWith(trickle(1024, 50, seen))
    const proxy = await proxyTo(slowUrl, { timeoutMs: 5000, deadlineMs: 500 })
    const started = Date.now()
    const response = await fetch(`${proxy.url}/api/ph/static/array.js`)
    expect(response.status).toBe(200)
    // The body is cut, not completed: the client must not take a truncated script for a whole one.
    await expect(response.arrayBuffer()).rejects.toThrow()
    expect(Date.now() - started).toBeLessThan(2500)
    expect(await waitFor(() => seen.closed, 1000)).toBe(true)
    await Promise.all([proxy.close(), slow.close()])
  })

  it('caps the bytes it relays and hangs up on an upstream that sends more', async () => {
    const big = standIn('big')
    const bigUrl = await big.listen()
    const seen = { closed: false, sent: 0 }
    big.answerWith(trickle(64 * 1024, 5, seen))
    const proxy = await proxyTo(bigUrl, { assetsHost: bigUrl, maxResponseBytes: 256 * 1024 })
    const response = await fetch(`${proxy.url}/api/ph/static/array.js`)
    expect(response.status).toBe(200)
    const reader = response.body?.getReader()
    let received = 0
    await expect(
      (async () => {
        for (;;) {
          const { done, value } = (await reader?.read()) ?? { done: true, value: undefined }
          if (done) return
          received += value.length
        }
      })(),
    ).rejects.toThrow()
    expect(received).toBeLessThanOrEqual(256 * 1024)
    expect(await waitFor(() => seen.closed, 1000)).toBe(true)
    await Promise.all([proxy.close(), big.close()])
  })

  it('answers 502 without relaying when the upstream declares a length over the cap', async () => {
    const big = standIn('declared')
    const bigUrl = await big.listen()
    big.answerWith((_req, res) => res.writeHead(200, { 'content-length': String(1024 * 1024) }).end(Buffer.alloc(1024 * 1024)))
    const proxy = await proxyTo(bigUrl, { assetsHost: bigUrl, maxResponseBytes: 256 * 1024 })
    const response = await fetch(`${proxy.url}/api/ph/static/array.js`)
    expect(response.status).toBe(502)
    expect(((await response.json()) as { error: string }).error).toMatch(/^Bad Gateway: .*larger than 262144 bytes/)
    await Promise.all([proxy.close(), big.close()])
  })

  it('hangs up on the upstream when the client leaves', async () => {
    const slow = standIn('left')
    const slowUrl = await slow.listen()
    const seen = { closed: false, sent: 0 }
    slow.answerWith(trickle(1024, 50, seen))
    const proxy = await proxyTo(slowUrl, { assetsHost: slowUrl, timeoutMs: 30_000, deadlineMs: 30_000 })
    const controller = new AbortController()
    const response = await fetch(`${proxy.url}/api/ph/static/array.js`, { signal: controller.signal })
    expect(response.status).toBe(200)
    controller.abort()
    expect(await waitFor(() => seen.closed, 1000)).toBe(true)
    await Promise.all([proxy.close(), slow.close()])
  })

  it('derives the assets host of PostHog cloud regions', () => {
    expect(assetsHostFor('https://eu.i.posthog.com')).toBe('https://eu-assets.i.posthog.com')
    expect(assetsHostFor('https://us.i.posthog.com')).toBe('https://us-assets.i.posthog.com')
    expect(assetsHostFor('https://ph.example.org')).toBe('https://ph.example.org')
  })
})
