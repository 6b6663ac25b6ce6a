// `npm run bench:soak`: a mixed workload for a bounded time on loopback — pages in all 18 locales
// (cached and uncached URLs), share images, analytics batches through the proxy to a local
// stand-in — then requests, errors, p99 and the server's memory at start and end.
// SOAK_SECONDS sets the duration (default 300).
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { gzipSync } from 'node:zlib'
import autocannon, { type Request } from 'autocannon'
import { round, startSite, table } from './lib'

const seconds = Number(process.env.SOAK_SECONDS ?? 300)

const standIn = createServer((req, res) => {
  req.resume()
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":1}'))
})
await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', () => r()))
const address = standIn.address()
if (address === null || typeof address === 'string') throw new Error('the stand-in is not listening on a TCP port')
const upstream = `http://127.0.0.1:${address.port}`

const site = await startSite(4451, { POSTHOG_KEY: 'phc_soak_test_key_1', POSTHOG_HOST: upstream, POSTHOG_ASSETS_HOST: upstream })
const memory = () => {
  const status = readFileSync(`/proc/${site.child.pid}/status`, 'utf8')
  const rss = /VmRSS:\s+(\d+)/.exec(status)
  if (!rss) throw new Error(`no VmRSS for process ${site.child.pid}`)
  return Number(rss[1]) / 1024
}

const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text()
const paths: string[] = []
for (const [, loc] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
  const urlset = await (await fetch(`${site.url}${new URL(loc).pathname}`)).text()
  for (const [, page] of urlset.matchAll(/<loc>([^<]+)<\/loc>/g)) paths.push(new URL(page).pathname)
}
const batch = gzipSync(JSON.stringify([{ event: '$pageview', properties: { $current_url: `${site.url}/en/blog` } }]))
let n = 0
const requests: Request[] = [
  ...paths.map((path) => ({ method: 'GET', path })),
  // Query strings make every few requests a page-cache miss, so rendering stays in the mix.
  ...paths.slice(0, 40).map((path) => ({ method: 'GET', setupRequest: (r: Request) => ({ ...r, path: `${path}?soak=${n++ % 500}` }) })),
  {
    method: 'GET',
    setupRequest: (r: Request) => ({ ...r, path: `/api/og?title=${encodeURIComponent(`Soak ${n++ % 300}`)}&type=BlogPost&locale=el` }),
  },
  { method: 'POST', path: '/api/ph/e/?compression=gzip-js', body: batch, headers: { 'content-type': 'text/plain' } },
]

// Warm up, then measure memory after the first full round of caches.
await autocannon({ url: site.url, connections: 10, duration: 5, requests })
const before = memory()
const samples: number[] = []
const sampler = setInterval(() => samples.push(Math.round(memory())), Math.max(1000, (seconds * 1000) / 10))
const result = await autocannon({ url: site.url, connections: 10, duration: seconds, requests, headers: { 'accept-encoding': 'br, gzip' } })
clearInterval(sampler)
const after = memory()
await site.stop()
standIn.close()

console.log(
  `Soak: ${seconds} s, ${requests.length} request kinds (${paths.length} sitemap pages in 18 locales, uncached variants, share images, analytics batches)\n`,
)
console.log(
  table(
    [
      {
        requests: result.requests.total,
        'req/s': Math.round(result.requests.average),
        errors: result.errors + result.timeouts,
        'non-2xx': result.non2xx,
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'RSS start MB': round(before),
        'RSS end MB': round(after),
      },
    ],
    ['requests', 'req/s', 'errors', 'non-2xx', 'p50 ms', 'p99 ms', 'RSS start MB', 'RSS end MB'],
  ),
)
console.log(`\nRSS during the run (MB, every ${Math.max(1, Math.round(seconds / 10))} s): ${samples.join(' → ')}`)
process.exit(result.errors + result.timeouts + result.non2xx === 0 ? 0 : 1)
