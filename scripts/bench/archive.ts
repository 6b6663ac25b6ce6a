// `npm run bench:archive`: what one page costs as the archive grows. For 1x, 10x and 100x content
// (the bundled posts copied under new slugs), the blog index's first page and a post, rendered
// without the page cache: HTML bytes raw and as sent with Brotli, the dehydrated data the page
// carries for the browser, the median server render time, and the server's memory after warm-up.
// Issue 15's goals, read against 1x in the same run: at 100x the index HTML at most 1.25x and
// its uncached render at most 2x.
import { readFileSync, rmSync } from 'node:fs'
import { get } from 'node:http'
import { syntheticContent } from '../synthetic-content'
import { round, startSite, table, type Row } from './lib'

const pages = { 'blog index, page 1': '/en/blog', post: '/en/blog/buying-property-in-spain-as-a-foreigner' }
const samples = 40

/** Bytes of the inline scripts that carry the router's dehydrated state to the browser. */
function dehydratedBytes(html: string) {
  let bytes = 0
  for (const [script] of html.matchAll(/<script\b[^>]*>[\s\S]*?<\/script>/g)) if (script.includes('$_TSR')) bytes += Buffer.byteLength(script)
  return bytes
}

/** Resident memory of a process, in MB, from /proc (Linux). */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024

/** The bytes of an answer as sent (fetch would decompress them). */
function sentBytes(url: string, encoding: string): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      let bytes = 0
      response.on('data', (chunk: Buffer) => (bytes += chunk.length))
      response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] }))
    }).on('error', reject)
  })
}

async function measure(url: string) {
  const plain = await (await fetch(url)).text()
  const br = await sentBytes(url, 'br')
  const times: number[] = []
  for (let i = 0; i < samples; i++) {
    const started = performance.now()
    await (await fetch(url)).text()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return {
    raw: Buffer.byteLength(plain),
    dehydrated: dehydratedBytes(plain),
    ms: times[Math.floor(times.length / 2)],
    brotli: br.bytes,
    encoding: br.encoding,
  }
}

export async function archive() {
  const rows: Row[] = []
  const base = new Map<string, { raw: number; ms: number }>()
  for (const [i, factor] of [1, 10, 100].entries()) {
    const dir = factor === 1 ? 'content' : syntheticContent(factor)
    const site = await startSite(4471 + i, { CONTENT_DIR: dir, PAGE_CACHE: '0' })
    try {
      // Warm-up: every page type rendered a few times, so the figures are of a running server.
      for (let w = 0; w < 20; w++) for (const path of Object.values(pages)) await (await fetch(`${site.url}${path}`)).text()
      const memory = rssMb(site.child.pid ?? 0)
      for (const [name, path] of Object.entries(pages)) {
        const m = await measure(`${site.url}${path}`)
        if (m.encoding !== 'br') throw new Error(`${path} was not sent with Brotli (${m.encoding})`)
        if (factor === 1) base.set(name, { raw: m.raw, ms: m.ms })
        const one = base.get(name) ?? { raw: m.raw, ms: m.ms }
        rows.push({
          content: `${factor}x`,
          page: name,
          'HTML KB': round(m.raw / 1024),
          'Brotli KB': round(m.brotli / 1024),
          'dehydrated KB': round(m.dehydrated / 1024),
          'SSR ms (median)': round(m.ms, 2),
          'HTML vs 1x': `${round(m.raw / one.raw, 2)}x`,
          'SSR vs 1x': `${round(m.ms / one.ms, 2)}x`,
          'server RSS MB': round(memory),
        })
      }
    } finally {
      await site.stop()
      if (dir !== 'content') rmSync(dir, { recursive: true, force: true })
    }
  }
  return `${table(rows, ['content', 'page', 'HTML KB', 'Brotli KB', 'dehydrated KB', 'SSR ms (median)', 'HTML vs 1x', 'SSR vs 1x', 'server RSS MB'])}\n\nUncached (PAGE_CACHE=0), one worker, ${samples} sequential requests per page after 20 warm-up rounds; the English archive holds 8, 80 and 800 posts. Goals (issue 15): at 100x the index HTML at most 1.25x and its render at most 2x the 1x figures.`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await archive())
  process.exit(0)
}
