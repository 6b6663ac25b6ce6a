// `npm run bench:search`: search at 1x, 10x and 100x content (the bundled posts copied under new
// slugs), for both engines (decision 014): the server's (MiniSearch, what the Node server and its
// /api/search answer from) and the static export's (Pagefind). For each: the time to build the
// indexes of all 18 languages, an index's size per language (MiniSearch serialized as JSON; Pagefind's
// files of that language), the bytes the browser downloads from the reader's first intent to the
// first list of results (search code, then the answer or the index chunks), the p95 of a query on
// the server (in-process engine, and /api/search over loopback), and the p95 from a keystroke in
// the header's field to its results on screen in Chromium with the CPU slowed 4x.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import sirv from 'sirv'
import { loadContent } from '../../src/content/load.server'
import { liveStore } from '../../src/content/visibility'
import { locales, type Locale } from '../../src/paraglide/runtime'
import { buildIndexInSlices, searchIndex } from '../../src/search/engine.server'
import { tokenize } from '../../src/search/terms.server'
import { writePagefindIndex } from '../pagefind-index'
import { syntheticContent } from '../synthetic-content'
import { round, startSite, table, type Row } from './lib'

const STATIC = process.env.STATIC_OUT ?? 'dist-static'
/** What a reader types, letter by letter, in the browser measurements. */
const typed: Partial<Record<Locale, string[]>> = { en: ['taxes', 'rental'], de: ['Steuern'], el: ['ακίνητα'] }

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const kb = (bytes: number) => round(bytes / 1024)
const spread = (values: number[]) => `${kb(Math.min(...values))} / ${kb(median(values))} / ${kb(Math.max(...values))}`

/** The prefixes a reader types on the way to each of a language's title words (up to 12 words). */
function typingQueries(titles: string[]) {
  const words = [...new Set(titles.flatMap((t) => tokenize(t)).filter((w) => w.length >= 5))].slice(0, 12)
  return words.flatMap((word) => Array.from({ length: word.length - 1 }, (_, i) => word.slice(0, i + 2)))
}

async function serverEngine(dir: string) {
  const { store: all } = loadContent(dir)
  const { store } = liveStore(all, Date.now())
  const sizes: number[] = []
  const latencies: number[] = []
  let buildMs = 0
  const queries = new Map<Locale, string[]>()
  for (const locale of locales) {
    const started = performance.now()
    const found = await buildIndexInSlices(store, locale)
    buildMs += performance.now() - started
    sizes.push(Buffer.byteLength(JSON.stringify(found.index)))
    const list = typingQueries(found.docs.map((d) => d.title))
    queries.set(locale, list)
    for (const q of list) searchIndex(found, locale, q, 6) // warm-up
    for (const q of list) {
      const t = performance.now()
      searchIndex(found, locale, q, 6)
      latencies.push(performance.now() - t)
    }
  }
  return { buildMs, sizes, p95: p95(latencies), queries, documents: store.postsByLocale.get('en')?.length ?? 0 }
}

function dirBytes(dir: string, test: (name: string) => boolean): number {
  let bytes = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) bytes += dirBytes(path, test)
    else if (test(entry.name)) bytes += statSync(path).size
  }
  return bytes
}

/**
 * In the page: puts the query in the header's field as a keystroke does, and resolves with the ms
 * until the list shows that query's results, painted. Plain JavaScript: functions compiled by tsx
 * carry a naming helper the page does not have.
 */
const typeAndWait = `(q) => new Promise((resolve) => {
  const field = document.getElementById('site-search')
  const started = performance.now()
  const shown = () => document.getElementById('site-search-results')?.dataset.query === q
  const done = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)))
  const observer = new MutationObserver(() => { if (shown()) { observer.disconnect(); done() } })
  observer.observe(field.form, { subtree: true, attributes: true, childList: true })
  field.value = q
  field.dispatchEvent(new InputEvent('input', { bubbles: true, data: q.at(-1), inputType: 'insertText' }))
})`

/** Keystroke to results on screen, per letter typed, and the bytes from the first intent on. */
async function browserSearch(browser: Browser, url: string) {
  const latencies: number[] = []
  let firstQueryBytes = 0
  for (const [locale, words] of Object.entries(typed) as [Locale, string[]][]) {
    const context = await browser.newContext()
    const page = await context.newPage()
    page.setDefaultTimeout(30_000)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.goto(`${url}/${locale}/blog`)
    await page.locator('html[data-hydrated]').waitFor()
    // What the page loads anyway once idle (the language's messages) is not a cost of searching.
    await page.waitForLoadState('networkidle')
    const before = await page.evaluate(() => performance.getEntriesByType('resource').length)
    await page.locator('#site-search').focus()
    // The figure is for a keystroke once the search code is loaded: focusing loads it.
    await page.locator('#site-search-results').waitFor({ state: 'attached' })
    await page.waitForLoadState('networkidle')
    for (const [w, word] of words.entries()) {
      await page.locator('#site-search').fill('')
      for (let i = 0; i < word.length; i++) {
        const query = word.slice(0, i + 1)
        const ms = await page.evaluate<number>(`(${typeAndWait})(${JSON.stringify(query)})`)
        // The first letter of the first word also waits for the search code (and the index) to load.
        if (!(w === 0 && i === 0)) latencies.push(ms)
        if (locale === 'en' && w === 0 && i === 0) {
          firstQueryBytes = await page.evaluate(
            (from) =>
              (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).slice(from).reduce((sum, e) => sum + e.transferSize, 0),
            before,
          )
        }
      }
    }
    await context.close()
  }
  return { p95: p95(latencies), firstQueryBytes }
}

async function apiLatency(url: string, queries: Map<Locale, string[]>) {
  const times: number[] = []
  for (const locale of ['en', 'de', 'el'] as const) {
    for (const q of queries.get(locale) ?? []) {
      const t = performance.now()
      await (await fetch(`${url}/api/search?${new URLSearchParams({ locale, q, limit: '6' })}`)).json()
      times.push(performance.now() - t)
    }
  }
  return p95(times)
}

/** The static export's pages, with the Pagefind index of one content size under /pagefind/. */
async function serveStatic(pagefindDir: string): Promise<{ server: Server; url: string }> {
  const pages = sirv(STATIC, { extensions: ['html'], dev: false, gzip: true, brotli: true })
  const index = sirv(pagefindDir, { dev: false })
  const server = createServer((req, res) => {
    const missing = () => {
      res.statusCode = 404
      res.end()
    }
    if (req.url?.startsWith('/pagefind/')) {
      req.url = req.url.slice('/pagefind'.length)
      index(req, res, missing)
    } else pages(req, res, missing)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

export async function searchBench() {
  // The static export's pages serve the browser measurements of Pagefind: made once if missing.
  if (!existsSync(join(STATIC, 'en/blog.html'))) {
    const exported = spawnSync('npm', ['run', '--silent', 'build:static'], { stdio: 'inherit', env: { ...process.env, STATIC_OUT: STATIC } })
    if (exported.status !== 0) throw new Error('bench:search needs the static export: npm run build:static failed')
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  const rows: Row[] = []
  try {
    for (const [i, factor] of [1, 10, 100].entries()) {
      const dir = factor === 1 ? 'content' : syntheticContent(factor)
      const pagefindDir = mkdtempSync(join(tmpdir(), 'estate-atlas-pagefind-'))
      try {
        const server = await serverEngine(dir)
        const site = await startSite(4481 + i, { CONTENT_DIR: dir, PAGE_CACHE: '0' })
        let api: number
        let inBrowser: Awaited<ReturnType<typeof browserSearch>>
        try {
          api = await apiLatency(site.url, server.queries)
          inBrowser = await browserSearch(browser, site.url)
        } finally {
          await site.stop()
        }
        rows.push({
          content: `${factor}x (${server.documents} posts in en)`,
          engine: 'server: MiniSearch',
          'index build s (18 languages)': round(server.buildMs / 1000, 2),
          'index KB per language (min / median / max)': spread(server.sizes),
          'first query, KB downloaded': kb(inBrowser.firstQueryBytes),
          'p95 query ms (server)': `${round(server.p95, 2)} in-process, ${round(api, 1)} over HTTP`,
          'p95 keystroke → results ms (4x CPU)': round(inBrowser.p95),
        })

        const started = performance.now()
        process.env.CONTENT_DIR = dir
        await writePagefindIndex(pagefindDir)
        const pagefindMs = performance.now() - started
        const sizes = locales.map((l) =>
          dirBytes(pagefindDir, (name) => name.startsWith(`${l}_`) || name.startsWith(`pagefind.${l}_`) || name === `wasm.${l}.pagefind`),
        )
        const statics = await serveStatic(pagefindDir)
        try {
          inBrowser = await browserSearch(browser, statics.url)
        } finally {
          statics.server.close()
        }
        rows.push({
          content: `${factor}x (${server.documents} posts in en)`,
          engine: 'static export: Pagefind',
          'index build s (18 languages)': round(pagefindMs / 1000, 2),
          'index KB per language (min / median / max)': spread(sizes),
          'first query, KB downloaded': kb(inBrowser.firstQueryBytes),
          'p95 query ms (server)': '(no server)',
          'p95 keystroke → results ms (4x CPU)': round(inBrowser.p95),
        })
      } finally {
        delete process.env.CONTENT_DIR
        rmSync(pagefindDir, { recursive: true, force: true })
        if (dir !== 'content') rmSync(dir, { recursive: true, force: true })
      }
    }
  } finally {
    await browser.close()
  }
  return table(rows, Object.keys(rows[0]))
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await searchBench())
  process.exit(0)
}
