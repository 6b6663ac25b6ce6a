// `npm run bench:memory`: what a worker holds as the archive is read (issue 22). At 100x content
// (800 posts a language), one worker with the page cache off: RSS after start, after every post of
// every language was requested once, and after a second pass; then each language's search index,
// built by a first search, as the RSS it adds. Goal: a full crawl adds at most 300 MB to the RSS
// after start, however large the archive.
import { readFileSync, rmSync } from 'node:fs'
import { syntheticContent } from '../synthetic-content'
import { round, startSite, table, type Row } from './lib'

const factor = Number(process.env.BENCH_MEMORY_FACTOR ?? 100)
const concurrency = 4
const GOAL_MB = 300

/** Resident memory of a process, in MB, from /proc (Linux). */
export const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024

/** Every URL the sitemaps list, as a crawler finds them. */
async function sitemapUrls(origin: string) {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
  const files = locs(await (await fetch(`${origin}/sitemap.xml`)).text())
  const urls: string[] = []
  for (const file of files) urls.push(...locs(await (await fetch(new URL(new URL(file).pathname, origin))).text()))
  return urls.map((url) => new URL(url).pathname)
}

/** Requests every path once, `concurrency` at a time; every answer must be a 200. */
async function crawl(origin: string, paths: string[]) {
  let next = 0
  const started = performance.now()
  const worker = async () => {
    for (let i = next++; i < paths.length; i = next++) {
      const response = await fetch(`${origin}${paths[i]}`)
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`${paths[i]} answered ${response.status}`)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return (performance.now() - started) / 1000
}

export async function memory() {
  const dir = factor === 1 ? 'content' : syntheticContent(factor)
  const site = await startSite(4481, { CONTENT_DIR: dir, PAGE_CACHE: '0' })
  const pid = site.child.pid ?? 0
  try {
    const afterStart = rssMb(pid)
    // A post is /{lang}/blog/{slug}: one segment after blog (lists, guides and pages have more or none).
    const posts = (await sitemapUrls(site.url)).filter((path) => /^\/[a-z]{2}\/blog\/[^/]+$/.test(path))
    const first = await crawl(site.url, posts)
    const afterCrawl = rssMb(pid)
    const second = await crawl(site.url, posts)
    const afterSecond = rssMb(pid)
    const rows: Row[] = [
      { moment: 'after start', 'RSS MB': round(afterStart), 'vs start MB': 0, 'crawl s': '' },
      {
        moment: `after requesting all ${posts.length} posts`,
        'RSS MB': round(afterCrawl),
        'vs start MB': round(afterCrawl - afterStart),
        'crawl s': round(first),
      },
      { moment: 'after a second pass', 'RSS MB': round(afterSecond), 'vs start MB': round(afterSecond - afterStart), 'crawl s': round(second) },
    ]

    // Each language's search index: the RSS a first search adds (the answer waits for the build).
    const searchRows: Row[] = []
    const locales = [...new Set(posts.map((path) => path.slice(1, 3)))]
    let before = rssMb(pid)
    for (const locale of locales) {
      const started = performance.now()
      const response = await fetch(`${site.url}/api/search?locale=${locale}&q=tax`)
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`search in ${locale} answered ${response.status}`)
      const now = rssMb(pid)
      searchRows.push({ language: locale, 'index build s': round((performance.now() - started) / 1000, 2), 'RSS added MB': round(now - before) })
      before = now
    }
    const goal = afterSecond - afterStart <= GOAL_MB ? 'met' : 'NOT met'
    return [
      table(rows, ['moment', 'RSS MB', 'vs start MB', 'crawl s']),
      '',
      `${factor}x content, one worker, PAGE_CACHE=0, ${concurrency} requests at a time. Goal (issue 22): a full crawl adds at most ${GOAL_MB} MB to the RSS after start — ${goal}.`,
      '',
      table(searchRows, ['language', 'index build s', 'RSS added MB']),
      '',
      `Search indexes, built by each language's first search after the crawls; RSS in all: ${round(rssMb(pid))} MB.`,
    ].join('\n')
  } finally {
    await site.stop()
    if (dir !== 'content') rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await memory())
  process.exit(0)
}
