// Throughput and latency of a post page on loopback: server-rendered without the page cache,
// with the page cache, and sirv serving the same HTML as a static file; then the cached server
// at half its peak rate. Client and server share the machine's cores, as in the prototype's figures.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import sirv from 'sirv'
import { round, startSite, table } from './lib.mjs'

const seconds = Number(process.env.BENCH_SECONDS ?? 8)
const connections = 10
const path = '/en/blog/buying-property-in-spain-as-a-foreigner'
const run = (url, extra = {}) =>
  autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': 'br, gzip' }, ...extra })

async function measure(name, url) {
  await run(url, { duration: 2 })
  const result = await run(url)
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx }
}

export async function throughput() {
  const rows = []
  const uncached = await startSite(4401, { PAGE_CACHE: '0' })
  rows.push(await measure('SSR, no page cache', `${uncached.url}${path}`))
  await uncached.stop()

  const cached = await startSite(4402)
  const html = await (await fetch(`${cached.url}${path}`)).text()
  rows.push(await measure('SSR + page cache', `${cached.url}${path}`))
  const peak = rows.at(-1).rps
  const half = await run(`${cached.url}${path}`, { overallRate: Math.round(peak / 2) })
  await cached.stop()

  const dir = mkdtempSync(join(tmpdir(), 'estate-atlas-sirv-'))
  mkdirSync(join(dir, path), { recursive: true })
  writeFileSync(join(dir, path, 'index.html'), html)
  const staticServer = createServer(sirv(dir, { dev: false, gzip: false, brotli: false }))
  await new Promise((r) => staticServer.listen(4403, '127.0.0.1', r))
  rows.push(await measure('sirv, same HTML', `http://127.0.0.1:4403${path}/`))
  staticServer.close()

  const sirvRps = rows[2].rps
  const printable = rows.map((r) => ({
    server: r.name,
    'req/s': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    errors: r.errors,
    'vs sirv': `1/${round(sirvRps / r.rps, 1)}`,
  }))
  printable.push({
    server: `SSR + page cache at ${Math.round(peak / 2)} req/s (half peak)`,
    'req/s': Math.round(half.requests.average),
    'p50 ms': half.latency.p50,
    'p99 ms': half.latency.p99,
    errors: half.errors + half.non2xx,
    'vs sirv': '',
  })
  return table(printable, ['server', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'vs sirv'])
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await throughput())
