// The JavaScript a first visit downloads, per page type: the entry and every module the page
// preloads, raw and gzip, from the production build. Also /en/blog with and without a PostHog key.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { round, startSite, table } from './lib.mjs'

const pages = {
  'blog index': '/en/blog',
  post: '/en/blog/buying-property-in-spain-as-a-foreigner',
  guide: '/en/blog/countries/greece',
  about: '/en/about',
}

async function initialJs(url) {
  const html = await (await fetch(url)).text()
  const files = new Set([...html.matchAll(/\/assets\/[A-Za-z0-9._-]+\.js/g)].map((m) => m[0]))
  let raw = 0
  let gzip = 0
  for (const file of files) {
    const source = readFileSync(`dist/client${file}`)
    raw += source.length
    gzip += gzipSync(source, { level: 9 }).length
  }
  return { files: files.size, raw, gzip }
}

export async function javascript() {
  const site = await startSite(4421)
  const rows = []
  for (const [name, path] of Object.entries(pages)) {
    const js = await initialJs(`${site.url}${path}`)
    rows.push({ page: name, files: js.files, 'raw KB': round(js.raw / 1024), 'gzip KB': round(js.gzip / 1024) })
  }
  await site.stop()
  const withKey = await startSite(4422, { POSTHOG_KEY: 'phc_benchmark_key_123' })
  const keyed = await initialJs(`${withKey.url}/en/blog`)
  await withKey.stop()
  rows.push({ page: 'blog index, POSTHOG_KEY set', files: keyed.files, 'raw KB': round(keyed.raw / 1024), 'gzip KB': round(keyed.gzip / 1024) })
  return table(rows, ['page', 'files', 'raw KB', 'gzip KB'])
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await javascript())
