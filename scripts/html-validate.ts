// `npm run validate:html`: every URL of the sitemaps plus the not-found page, checked by the W3C Nu
// HTML Checker (vnu-jar, Java 17+) against the production build. Prints each error with its page;
// exit 1 when there is one. Part of `npm run validate`.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import vnu from 'vnu-jar'
import { startSite } from './bench/lib'

const site = await startSite(4461)
const dir = mkdtempSync(join(tmpdir(), 'ea-vnu-'))
const pages = new Map<string, string>()
try {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname)
  const paths = new Set<string>()
  for (const sitemap of locs(await (await fetch(`${site.url}/sitemap.xml`)).text())) {
    for (const path of locs(await (await fetch(`${site.url}${sitemap}`)).text())) paths.add(path)
  }
  paths.add('/en/this-page-does-not-exist')
  // The search page (noindex, so in no sitemap): empty, with results, with none, in three scripts.
  for (const path of ['/en/search', '/de/suche?q=Steuern', '/el/anazitisi?q=%CE%91%CE%B8%CE%B7%CE%BD%CE%B1', '/bg/tarsene?q=zzqxwv']) paths.add(path)
  let n = 0
  for (const path of paths) {
    const file = join(dir, `${String(n++).padStart(4, '0')}.html`)
    writeFileSync(file, await (await fetch(`${site.url}${path}`)).text())
    pages.set(file, path)
  }
} finally {
  await site.stop()
}

const run = spawnSync('java', ['-jar', String(vnu), '--errors-only', '--format', 'json', dir], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 })
rmSync(dir, { recursive: true, force: true })
if (run.error || (run.status !== 0 && !run.stderr.trim().startsWith('{'))) {
  console.error(`The Nu HTML Checker did not run (java -jar ${String(vnu)}): ${run.error?.message ?? run.stderr}`)
  process.exit(1)
}
type Message = { type: string; url: string; message: string; extract?: string; lastLine?: number }
const messages: Message[] = JSON.parse(run.stderr || '{"messages":[]}').messages
const errors = messages.filter((m) => m.type === 'error')
for (const error of errors) {
  const page = pages.get(new URL(error.url).pathname) ?? error.url
  console.log(`${page}:${error.lastLine ?? ''} ${error.message}${error.extract ? `\n    ${error.extract.replace(/\s+/g, ' ').slice(0, 160)}` : ''}`)
}
console.log(`Nu HTML Checker: ${pages.size} pages, ${errors.length} error${errors.length === 1 ? '' : 's'}.`)
process.exit(errors.length ? 1 : 0)
