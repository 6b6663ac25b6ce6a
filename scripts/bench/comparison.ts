// `npm run bench:comparison`: the key-figures comparison page (issue 23) against a post on the same
// server, page cache off: HTML bytes raw and Brotli, what they are made of (dehydrated data, SVG of
// the charts and map, the table), and the median and p95 uncached render time. Its Lighthouse
// figures are in bench:lighthouse and its JavaScript in bench:js.
import { brotliCompressSync } from 'node:zlib'
import { round, startSite, table, type Row } from './lib'

const pages = {
  'comparison (en)': '/en/blog/countries/compare',
  'comparison (el)': '/el/blog/chores/sygkrisi',
  'post (en), for reference': '/en/blog/buying-property-in-spain-as-a-foreigner',
}
const samples = 30
const kb = (n: number) => round(n / 1024)
const sum = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].reduce((n, [m]) => n + Buffer.byteLength(m), 0)

export async function comparison(): Promise<string> {
  const site = await startSite(4471, { PAGE_CACHE: '0' })
  const rows: Row[] = []
  try {
    for (const [name, path] of Object.entries(pages)) {
      const url = `${site.url}${path}`
      for (let i = 0; i < 5; i++) await (await fetch(url)).text()
      const times: number[] = []
      let html = ''
      for (let i = 0; i < samples; i++) {
        const started = performance.now()
        html = await (await fetch(url)).text()
        times.push(performance.now() - started)
      }
      times.sort((a, b) => a - b)
      rows.push({
        page: name,
        'HTML KB': kb(Buffer.byteLength(html)),
        'Brotli KB': kb(brotliCompressSync(html).length),
        'dehydrated data KB': kb(sum(html, /<script\b[^>]*>[^<]*\$_TSR[\s\S]*?<\/script>/g)),
        'SVG KB': kb(sum(html, /<svg[\s\S]*?<\/svg>/g)),
        'tables KB': kb(sum(html, /<table[\s\S]*?<\/table>/g)),
        'uncached median ms': round(times[Math.floor(samples / 2)]),
        'uncached p95 ms': round(times[Math.floor(samples * 0.95)]),
      })
    }
  } finally {
    await site.stop()
  }
  const columns = ['page', 'HTML KB', 'Brotli KB', 'dehydrated data KB', 'SVG KB', 'tables KB', 'uncached median ms', 'uncached p95 ms']
  return `${table(rows, columns)}\n\nOne worker, page cache off, ${samples} sequential requests after 5 warm-ups.`
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await comparison())
