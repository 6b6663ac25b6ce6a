// `npm run bench:main-thread`: what each page type does to a phone's main thread while it loads.
// Chromium (Playwright) with the CPU slowed 4x records a performance trace from the navigation to
// two seconds after `load`; from it: the first contentful paint, the total blocking time (every
// main-thread task after the first paint counts the part of it beyond 50 ms, as Lighthouse's TBT
// does), each long task with what it spent its time on, and the JavaScript the page fetched in that
// window (gzip, with the chunks a page must not load before the reader asks: the guide's and the
// calculator's). Median run of MAIN_THREAD_RUNS (default 3) per page by blocking time.
// The section fails when a page's blocking time exceeds 200 ms, or a post or the index fetches a
// guide or calculator chunk before the reader asks for it (issue 40).
// MAIN_THREAD_REFERENCE=http://127.0.0.1:PORT measures another running build (an earlier commit)
// in the same run, page by page, for a before-and-after on one machine.
import { gzipSync } from 'node:zlib'
import { chromium, type Browser } from '@playwright/test'
import { round, startSite, table, type Row } from './lib'
import { summarizeTrace, type TraceEvent, type TraceSummary } from './trace-summary'

const pages = [
  ['en index', '/en/blog'],
  ['en post', '/en/blog/buying-property-in-spain-as-a-foreigner'],
  ['en post (Cyprus)', '/en/blog/buying-property-in-cyprus-title-deeds-and-vat'],
  ['el post', '/el/blog/agora-akinitou-stin-ispania'],
  ['en guide', '/en/blog/countries/greece'],
  ['en comparison', '/en/blog/countries/compare'],
  ['en about', '/en/about'],
] as const

const RUNS = Number(process.env.MAIN_THREAD_RUNS ?? 3)
/** The bar of issue 40: more blocking time than this on any page type fails the section. */
export const BLOCKING_LIMIT_MS = 200
/** Chunks that belong to pages a post or an index only link to. */
const foreignChunk = /\/assets\/(blog\.countries\._country-|Calculator|CalculatorResult|live-)[^/]*\.js$/

type Run = TraceSummary & { jsGzip: number; foreign: string[] }

async function measure(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  // Each script's path and its gzip size as a first visit downloads it (level 9, as bench:js counts).
  const scripts: Array<Promise<[string, number]>> = []
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    const path = new URL(response.url()).pathname
    scripts.push(
      response.body().then(
        (body) => [path, gzipSync(body, { level: 9 }).length],
        () => [path, 0],
      ),
    )
  })
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'loading', 'v8.execute', 'blink.user_timing'],
  })
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForTimeout(2000)
  const buffer = await browser.stopTracing()
  const loaded = (await Promise.all(scripts)).filter(([path]) => path.startsWith('/assets/'))
  await context.close()
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }
  const summary = summarizeTrace(traceEvents)
  return {
    ...summary,
    jsGzip: loaded.reduce((sum, [, gzip]) => sum + gzip, 0),
    foreign: loaded.map(([path]) => path).filter((path) => foreignChunk.test(path)),
  }
}

export async function mainThread(): Promise<string> {
  const site = await startSite(4451)
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  const rows: Row[] = []
  const tasks: string[] = []
  const problems: string[] = []
  try {
    const sites: Array<[string, string]> = [['', site.url]]
    if (process.env.MAIN_THREAD_REFERENCE) sites.push([' (reference)', process.env.MAIN_THREAD_REFERENCE])
    for (const [page, path] of pages)
      for (const [label, origin] of sites) {
        const name = `${page}${label}`
        const runs: Run[] = []
        for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, `${origin}${path}`))
        runs.sort((a, b) => a.blockingMs - b.blockingMs)
        const run = runs[Math.floor(runs.length / 2)]
        rows.push({
          page: name,
          'FCP ms': Math.round(run.fcpMs),
          'TBT ms': Math.round(run.blockingMs),
          'long tasks': run.longTasks.length,
          'longest ms': Math.round(Math.max(0, ...run.longTasks.map((task) => task.durationMs))),
          'JS to load + 2 s, gzip KB': round(run.jsGzip / 1024),
          'guide or calculator chunk': run.foreign.length ? run.foreign.map((path) => path.slice('/assets/'.length)).join(' ') : 'none',
        })
        for (const task of run.longTasks)
          tasks.push(`- ${name}: at ${Math.round(task.startMs)} ms, ${Math.round(task.durationMs)} ms — ${task.parts}`)
        if (label) continue
        if (run.blockingMs > BLOCKING_LIMIT_MS)
          problems.push(`${name}: ${Math.round(run.blockingMs)} ms of blocking time (limit ${BLOCKING_LIMIT_MS})`)
        if (run.foreign.length && !/guide|comparison/.test(name)) problems.push(`${name} loads ${run.foreign.join(', ')} before the reader asks`)
      }
  } finally {
    await browser.close()
    await site.stop()
  }
  const report = [
    table(rows, ['page', 'FCP ms', 'TBT ms', 'long tasks', 'longest ms', 'JS to load + 2 s, gzip KB', 'guide or calculator chunk']),
    '',
    'Long tasks of the median runs (from the navigation; what the task spent its time on):',
    '',
    tasks.length ? tasks.join('\n') : '- none',
  ].join('\n')
  if (problems.length) throw new Error(`${problems.join('; ')}\n\n${report}`)
  return report
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(await mainThread())
  } catch (error) {
    console.log(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
