// `npm run build:static`: prerenders every page of every locale — posts, guides, static pages, the
// 404 page — plus sitemaps, feeds, robots.txt, share images and the JSON the browser needs for
// client-side navigation, into STATIC_OUT (default dist-static/) for any static host or CDN.
// The browser reads the same JSON files there as from the server's data route (decision 012).
import { changesFeedPath, DOWNLOADS } from '../src/key-figures/downloads'
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { startSite } from './bench/lib'
import { writePagefindIndex } from './pagefind-index'
import { dataFileOf } from './static-data'
import { routePath } from '../src/i18n/paths'
import type { Locale } from '../src/paraglide/runtime'
import { headersFile, redirectsFile, withPolicyMeta, type SlugRedirect } from './static-host'

const started = performance.now()
const out = process.env.STATIC_OUT ?? 'dist-static'
const siteUrl = (process.env.SITE_URL ?? 'http://localhost:8080').replace(/\/+$/, '')
const run = (args: string[], env: Record<string, string> = {}) => {
  const result = spawnSync('npm', ['run', '--silent', ...args], { stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

// The API server the export's forms post to (newsletter, contact, partner), or none: no forms.
const formsOrigin = process.env.FORMS_ORIGIN ? new URL(process.env.FORMS_ORIGIN).origin : ''
run(['build'], { VITE_STATIC_EXPORT: '1', VITE_FORMS_ORIGIN: formsOrigin })
const site = await startSite(4460, { SITE_URL: siteUrl, PAGE_CACHE: '0' })
const get = async (path: string) => {
  const response = await fetch(`${site.url}${path}`, { redirect: 'manual' })
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: Buffer.from(await response.arrayBuffer()) }
}
const write = (path: string, body: string | Buffer) => {
  const file = join(out, path)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, body)
}

try {
  rmSync(out, { recursive: true, force: true })
  cpSync('dist/client', out, { recursive: true })

  const { locales }: { locales: string[] } = JSON.parse(readFileSync('project.inlang/settings.json', 'utf8'))
  const images = new Set<string>()
  const pageFile = (path: string) => `${path}.html`

  // Pages: every link reachable from each locale's blog index, the language picker included, and
  // each locale's search page (reached through a form, not a link).
  const queue = locales.flatMap((l) => [`/${l}/blog`, routePath('/search', l as Locale)])
  const seen = new Set(queue)
  let pages = 0
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    const page = await get(path)
    if (page.status !== 200) throw new Error(`${path} answered ${page.status}`)
    const html = page.body.toString('utf8')
    for (const [name] of html.matchAll(/\/og\/[0-9a-f]{14}\.png/g)) images.add(name)
    write(pageFile(path), withPolicyMeta(html, formsOrigin || undefined))
    pages++
    for (const [, href] of html.matchAll(/href="(\/[a-z]{2}\/[^"#?]*)"/g)) {
      if (!seen.has(href) && !href.endsWith('.xml')) {
        seen.add(href)
        queue.push(href)
      }
    }
  }

  // The JSON that client-side navigation reads: one file per page written above.
  let data = 0
  const saveData = async (path: string) => {
    const answer = await get(`/api/data/${path}.json`)
    if (answer.status !== 200) throw new Error(`data ${path} answered ${answer.status}`)
    write(`api/data/${path}.json`, answer.body)
    data++
  }
  await saveData('site')
  for (const path of seen) {
    const file = dataFileOf(path)
    if (file) await saveData(file)
  }

  for (const name of images) {
    const image = await get(name)
    if (image.status !== 200) throw new Error(`${name} answered ${image.status}`)
    write(name, image.body)
  }

  // The sitemap index names every URL-set file (a locale has more than one past the protocol's limits).
  const sitemapIndex = (await get('/sitemap.xml')).body.toString('utf8')
  const sitemaps = [...sitemapIndex.matchAll(/<loc>[^<]*(\/sitemaps\/[^<]+\.xml)<\/loc>/g)].map((match) => match[1])
  const xml = [
    '/sitemap.xml',
    '/robots.txt',
    ...sitemaps,
    ...locales.flatMap((l) => [`/${l}/rss.xml`, changesFeedPath(l)]),
    DOWNLOADS.csv,
    DOWNLOADS.json,
  ]
  for (const path of xml) write(path, (await get(path)).body)

  const notFound = await get('/en/this-page-does-not-exist')
  write('404.html', withPolicyMeta(notFound.body.toString('utf8')))

  // Renamed slugs (`previousSlugs`): the server answers each with a 301; the host gets the same list.
  const slugRedirects: SlugRedirect[] = JSON.parse((await get('/api/data/redirects.json')).body.toString('utf8'))
  write('_redirects', redirectsFile(locales, slugRedirects))
  write('_headers', headersFile())

  // Search: Pagefind's index of the same documents the server searches, one per language.
  const search = await writePagefindIndex(join(out, 'pagefind'))

  // A static host cannot read the visitor's cookie or languages: the root page lets the browser pick.
  const links = locales.map((l) => `<a href="/${l}/blog" hreflang="${l}" lang="${l}">${l.toUpperCase()}</a>`).join(' ')
  write(
    'index.html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Estate Atlas</title><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="0; url=/en/blog"><link rel="canonical" href="${siteUrl}/en/blog"></head><body><p><a href="/en/blog">Estate Atlas</a></p><p>${links}</p></body></html>\n`,
  )
  console.log(
    `Static export in ${out}/: ${pages} pages, ${data} data files, ${images.size} share images, ${xml.length} feeds and sitemaps, 404.html, _redirects (${slugRedirects.length} renamed slugs), _headers, a search index of ${search.records} documents in ${search.languages} languages — ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
} finally {
  await site.stop()
}
// Leave dist/ as `npm start` expects it: the server flavour of the browser build.
run(['build'])
