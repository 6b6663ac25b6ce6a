// Issue 35: nothing a content file or a client does takes the site down or leaks a path; the server
// stops and refuses as nginx does, and tells a load balancer and an operator what it is doing.
// Each test runs its own production server on its own copy of the content.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, rmdirSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { expect, test } from '@playwright/test'
import { startServer } from './spawn-server'

test.describe.configure({ mode: 'serial' })

function copyOfContent() {
  const dir = mkdtempSync(join(tmpdir(), 'estate-atlas-faults-'))
  cpSync('content', dir, { recursive: true })
  return dir
}

const status = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(5000) }).then(
    (r) => r.status,
    () => 0,
  )

test('a content file replaced by a directory on a running server with two workers: every page still answers', async () => {
  const dir = copyOfContent()
  const site = await startServer(4201, { CONTENT_DIR: dir, WEB_CONCURRENCY: '2', PAGE_CACHE: '0' })
  const file = join(dir, 'posts/greece-golden-visa-2026/cs.md')
  try {
    expect(await status(`${site.url}/en/blog`)).toBe(200)
    renameSync(file, `${file}.bak`)
    mkdirSync(file)
    await expect.poll(() => site.output(), { timeout: 10_000 }).toContain('not a regular file (a directory)')
    // Both workers keep answering, the post in the language whose file is now a folder included
    // (its last good text), for several seconds after the change.
    const pages = ['/en/blog', '/cs/blog', '/cs/blog/recke-zlate-vizum-2026-investicni-limity-naklady-pravidla', '/en/blog/countries/greece']
    const until = Date.now() + 6000
    while (Date.now() < until) {
      const answers = await Promise.all(pages.map((path) => status(`${site.url}${path}?t=${Date.now()}`)))
      expect(answers).toEqual(pages.map(() => 200))
      await new Promise((r) => setTimeout(r, 250))
    }
    expect(site.output()).not.toMatch(/exited with|worker-exit/)
  } finally {
    await site.stop()
    rmdirSync(file)
    rmSync(dir, { recursive: true, force: true })
  }
})

test("a guide's Markdown broken on a running server keeps its last good text, and no page names the content folder", async () => {
  const dir = copyOfContent()
  const site = await startServer(4202, { CONTENT_DIR: dir, PAGE_CACHE: '0' })
  const file = join(dir, 'countries/al/en.md')
  const original = readFileSync(file, 'utf8')
  try {
    const before = await (await fetch(`${site.url}/en/blog/countries/albania`)).text()
    const lines = original.split('\n')
    lines[lines.indexOf('---', 1)] = '-- -'
    writeFileSync(file, lines.join('\n'))
    await expect.poll(() => site.output(), { timeout: 10_000 }).toContain('Content change rejected')
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${site.url}/en/blog/countries/albania?r=${i}`)
      expect(response.status).toBe(200)
      const html = await response.text()
      expect(html).not.toContain(dir)
      expect(html).not.toContain('estate-atlas-content-')
      // The guide's own text, as it was.
      const h2 = /<h2[^>]*>([^<]+)/.exec(before)?.[1]
      expect(h2 && html.includes(h2)).toBe(true)
    }
  } finally {
    await site.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a file over the size limit is refused before it is read; the site goes on', async () => {
  const dir = copyOfContent()
  const site = await startServer(4203, { CONTENT_DIR: dir, PAGE_CACHE: '0' })
  const file = join(dir, 'posts/greece-golden-visa-2026/sq.md')
  const original = readFileSync(file, 'utf8')
  try {
    const end = original.indexOf('\n---', 3) + 5
    writeFileSync(file, original.slice(0, end) + original.slice(end).repeat(Math.ceil((3 * 1024 * 1024) / original.length)))
    await expect.poll(() => site.output(), { timeout: 10_000 }).toContain('a content file may be at most 1,048,576 bytes')
    const started = performance.now()
    expect(await status(`${site.url}/sq/blog?x=1`)).toBe(200)
    expect(performance.now() - started).toBeLessThan(3000)
  } finally {
    await site.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a page whose body cannot be read is a 500 in the reader’s language with no-store, no path, and one log line', async () => {
  // A worker given a snapshot folder (as a cluster's primary gives it) that then loses a file.
  const snapshot = copyOfContent()
  const site = await startServer(4204, { CONTENT_SNAPSHOT_DIR: snapshot, PAGE_CACHE: '0' })
  try {
    rmSync(join(snapshot, 'posts/buying-property-in-spain-as-a-foreigner/de.md'))
    const response = await fetch(`${site.url}/de/blog/immobilienkauf-in-spanien-als-auslaender`)
    expect(response.status).toBe(500)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const html = await response.text()
    expect(html).toContain('Diese Seite konnte gerade nicht geladen werden')
    expect(html).not.toContain(snapshot)
    expect(html).not.toMatch(/ENOENT|de\.md/)
    await expect.poll(() => site.output()).toMatch(/"event":"render-failed","path":"\/de\/blog\/immobilienkauf-in-spanien-als-auslaender"/)
    expect(site.output().match(/render-failed/g)).toHaveLength(1)
  } finally {
    await site.stop()
    rmSync(snapshot, { recursive: true, force: true })
  }
})

test('SIGTERM during load over 10 keep-alive connections fails no request; /readyz says 503 from the signal on', async () => {
  const site = await startServer(4205, { WEB_CONCURRENCY: '2' })
  expect(await status(`${site.url}/readyz`)).toBe(200)
  expect(await status(`${site.url}/healthz`)).toBe(200)
  const resets: string[] = []
  const run = autocannon({ url: `${site.url}/en/blog`, connections: 10, duration: 5 })
  run.on('reqError', (error: NodeJS.ErrnoException) => {
    // Refused connections after the listener has closed are what a server without a load balancer
    // in front gives; an accepted request that is reset or left unanswered is a failure.
    if (error.code !== 'ECONNREFUSED') resets.push(error.code ?? error.message)
  })
  await new Promise((r) => setTimeout(r, 1500))
  const stopped = site.stop()
  await new Promise((r) => setTimeout(r, 100))
  expect(await status(`${site.url}/readyz`)).toBe(503)
  expect(await status(`${site.url}/healthz`)).toBe(200)
  const result = await run
  expect(await stopped).toBe(0)
  expect(resets).toEqual([])
  expect(result.non2xx).toBe(0)
  expect(result['2xx']).toBeGreaterThan(0)
  expect(site.output()).toMatch(/"event":"worker-stopped"/)
})

/** Sends raw bytes and reads the status line of the answer. */
function rawStatus(port: number, head: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    socket.on('data', (data) => (answer += data.toString('latin1')))
    socket.on('error', () => resolve(answer.split('\r\n')[0] || 'reset'))
    socket.on('close', () => resolve(answer.split('\r\n')[0] || 'closed'))
    socket.write(head)
  })
}

test('oversized headers get 431, a long URL 414, and every answer has a request id and a log line', async () => {
  const site = await startServer(4206, { METRICS_TOKEN: 'metrics-token-for-tests-0001' })
  try {
    expect(await rawStatus(4206, `GET /en/blog HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)).toBe(
      'HTTP/1.1 431 Request Header Fields Too Large',
    )
    expect(await rawStatus(4206, `GET /en/blog?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`)).toBe('HTTP/1.1 414 URI Too Long')
    expect(await rawStatus(4206, `GET /en/blog?q=${'a'.repeat(10_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)).toBe(
      'HTTP/1.1 414 URI Too Long',
    )

    const page = await fetch(`${site.url}/en/about?utm=secret`, { headers: { 'x-request-id': 'lb-request-12345' } })
    expect(page.headers.get('x-request-id')).toBe('lb-request-12345')
    await expect
      .poll(() => site.output())
      .toMatch(/\{"time":"[^"]+","method":"GET","path":"\/en\/about","status":200,"ms":[\d.]+,"cache":"\w+","id":"lb-request-12345"\}/)
    // No query string (what a reader typed), no address, no user agent.
    expect(site.output()).not.toContain('utm=secret')

    expect((await fetch(`${site.url}/metrics`)).status).toBe(401)
    const metrics = await fetch(`${site.url}/metrics`, { headers: { authorization: 'Bearer metrics-token-for-tests-0001' } })
    expect(metrics.status).toBe(200)
    const text = await metrics.text()
    expect(text).toMatch(/estate_atlas_http_requests_total\{route="page",status="200"\} \d+/)
    expect(text).toContain('estate_atlas_render_seconds_bucket')
    expect(text).toContain('estate_atlas_page_cache_total')
    expect(text).toContain('estate_atlas_content_reload_failures_total 0')
    expect(text).toContain('estate_atlas_worker_restarts_total 0')
  } finally {
    await site.stop()
  }
})

test('without METRICS_TOKEN /metrics does not exist; in a cluster the metrics are every worker’s', async () => {
  const plain = await startServer(4207, {})
  try {
    expect((await fetch(`${plain.url}/metrics`)).status).toBe(404)
  } finally {
    await plain.stop()
  }
  const site = await startServer(4208, { WEB_CONCURRENCY: '2', METRICS_TOKEN: 'metrics-token-for-tests-0002' })
  try {
    for (let i = 0; i < 20; i++) await fetch(`${site.url}/en/blog?i=${i}`, { headers: { connection: 'close' } })
    const text = await (await fetch(`${site.url}/metrics`, { headers: { authorization: 'Bearer metrics-token-for-tests-0002' } })).text()
    const count = Number(/estate_atlas_http_requests_total\{route="page",status="200"\} (\d+)/.exec(text)?.[1])
    // The start check's request and these 20, whichever worker answered them.
    expect(count).toBeGreaterThanOrEqual(20)
  } finally {
    await site.stop()
  }
})

test('a client that sends its headers slowly is cut at the 10 s header timeout with a 408', async () => {
  const site = await startServer(4209, {})
  try {
    const started = Date.now()
    const socket = connect(4209, '127.0.0.1')
    let answer = ''
    socket.on('data', (data) => (answer += data.toString('latin1')))
    socket.write('GET /en/blog HTTP/1.1\r\nHost: x\r\n')
    // One header byte a second, as slowloris sends, for longer than the timeout.
    const drip = setInterval(() => socket.writable && socket.write('X'), 1000)
    await new Promise<void>((resolve) => socket.on('close', () => resolve()))
    clearInterval(drip)
    const seconds = (Date.now() - started) / 1000
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout')
    // Node checks the timeout every second (it was every 30 s: slow headers lived up to 40 s).
    expect(seconds).toBeGreaterThanOrEqual(9)
    expect(seconds).toBeLessThan(20)
  } finally {
    await site.stop()
  }
})
