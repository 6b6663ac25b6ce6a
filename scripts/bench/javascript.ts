// `npm run bench:js`: the JavaScript a first visit downloads, per page type (the entry and every
// module the page loads at start), raw and gzip, and what it is made of (React, router, query,
// Start, our code), read from the build's source maps. Also /en/blog with a PostHog key.
import { existsSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { round, startSite, table } from './lib'
import { attribute, parts, type Part } from './js-parts'

const pages = {
  'blog index': '/en/blog',
  post: '/en/blog/buying-property-in-spain-as-a-foreigner',
  guide: '/en/blog/countries/greece',
  comparison: '/en/blog/countries/compare',
  about: '/en/about',
}

type Measure = { files: number; raw: number; gzip: number; gzipByPart: Map<Part, number> }

async function initialJs(url: string): Promise<Measure> {
  const html = await (await fetch(url)).text()
  const files = new Set([...html.matchAll(/\/assets\/[A-Za-z0-9._-]+\.js/g)].map((m) => m[0]))
  const measure: Measure = { files: files.size, raw: 0, gzip: 0, gzipByPart: new Map(parts.map((p) => [p, 0])) }
  for (const file of files) {
    const code = readFileSync(`dist/client${file}`, 'utf8')
    const gzip = gzipSync(code, { level: 9 }).length
    measure.raw += Buffer.byteLength(code)
    measure.gzip += gzip
    const mapFile = `dist/sourcemaps/${file.slice('/assets/'.length)}.map`
    if (!existsSync(mapFile)) continue
    // A part's share of the gzip size is its share of the file's characters.
    for (const [part, bytes] of attribute(code, JSON.parse(readFileSync(mapFile, 'utf8')))) {
      measure.gzipByPart.set(part, (measure.gzipByPart.get(part) ?? 0) + (gzip * bytes) / code.length)
    }
  }
  return measure
}

const row = (page: string, js: Measure) => ({
  page,
  files: js.files,
  'raw KB': round(js.raw / 1024),
  'gzip KB': round(js.gzip / 1024),
  ...Object.fromEntries(parts.map((p) => [p, round((js.gzipByPart.get(p) ?? 0) / 1024)])),
})

export async function javascript() {
  const site = await startSite(4421)
  const rows = []
  for (const [name, path] of Object.entries(pages)) rows.push(row(name, await initialJs(`${site.url}${path}`)))
  await site.stop()
  const withKey = await startSite(4422, { POSTHOG_KEY: 'phc_benchmark_key_123' })
  rows.push(row('blog index, POSTHOG_KEY set', await initialJs(`${withKey.url}/en/blog`)))
  await withKey.stop()
  return `${table(rows, ['page', 'files', 'raw KB', 'gzip KB', ...parts])}\n\nThe part columns are gzip KB, each part's share of its files by the build's source maps.`
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await javascript())
