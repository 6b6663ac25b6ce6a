// `npm run bench`: every benchmark in one run, printed as Markdown tables and written to
// docs/benchmarks.md with the date and the machine. Nothing here is timed in tests.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { archive } from './archive'
import { build } from './build'
import { calculatorBench } from './calculator'
import { comparison } from './comparison'
import { htmlBytes } from './html-parts'
import { interaction } from './interaction'
import { javascript } from './javascript'
import { memory } from './memory'
import { lighthouseScores } from './lighthouse'
import { mainThread } from './main-thread'
import { shareImage } from './share-image'
import { sitemap } from './sitemap'
import { searchBench } from './search'
import { throughput } from './throughput'

const sections: string[] = []
const failed: string[] = []
// A section that fails is written down as failed and the run goes on: the others' figures (half an
// hour of them) are still written, and the run ends with a non-zero status.
const section = async (title: string, run: () => Promise<string>) => {
  console.error(`running: ${title}`)
  let body: string
  try {
    body = await run()
  } catch (error) {
    console.error(error)
    failed.push(title)
    // The whole message: a section that fails its bar (bench:main-thread, Lighthouse) prints its table in it.
    body = `Failed in this run: ${error instanceof Error ? error.message : String(error)}`
  }
  sections.push(`## ${title}\n\n${body}\n`)
  console.log(`\n## ${title}\n\n${body}`)
}

// The build comes first: every other benchmark runs against its output.
await section('Build and content cost (1x, 10x, 100x content)', build)
await section('HTML bytes by part (issue 27)', htmlBytes)
await section('Post page throughput on loopback (autocannon, 10 connections)', throughput)
await section('Cost of a page as the archive grows (1x, 10x, 100x content)', archive)
await section('Key-figures comparison page (issue 23)', comparison)
await section('Memory of a worker as the archive is read (100x content)', memory)
await section('Search (1x, 10x, 100x content, both engines)', searchBench)
await section('Share image render', shareImage)
await section('Initial JavaScript per page type', javascript)
await section('Sitemaps', sitemap)
await section('Lighthouse, mobile preset (Debian Chromium)', lighthouseScores)
await section('Main thread while a page loads, CPU slowed 4x (Chromium trace; fails above 200 ms of blocking time)', mainThread)
await section('Calculator: key to paint, CPU slowed 4x (issue 24)', calculatorBench)
await section('Click to the paint of the new page, CPU slowed 4x (Playwright, Chromium)', interaction)

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`
const header = `# Benchmarks\n\nMeasured ${new Date().toISOString().slice(0, 10)} on ${machine} with \`npm run bench\`.\nClient and server share the machine's cores. What the figures mean and which goals they meet:\n[the measurement log](measurement-log.md).\n`
// The measurement logs below the marker are kept as they are (decision records' history).
const marker = '<!-- measurement logs: npm run bench rewrites what is above this line and keeps what is below -->'
const previous = existsSync('docs/benchmarks.md') ? readFileSync('docs/benchmarks.md', 'utf8') : ''
const logs = previous.includes(marker) ? `\n${previous.slice(previous.indexOf(marker))}` : ''
writeFileSync('docs/benchmarks.md', `${header}\n${sections.join('\n')}${logs}`)
console.log('\nWritten to docs/benchmarks.md')
if (failed.length) console.error(`Failed: ${failed.join('; ')}`)
process.exit(failed.length ? 1 : 0)
