import { expect, test } from '@playwright/test'
import { parsePath } from '../../src/i18n/paths'
import { XMLParser } from 'fast-xml-parser'
import { baseURL } from '../../playwright.config'

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['sitemap', 'url', 'xhtml:link', 'item'].includes(name) })
const local = (href: string) => new URL(href).pathname

test('the sitemap index lists one sitemap per locale and robots.txt points at it', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
  const index = parser.parse(await (await request.get('/sitemap.xml')).text())
  expect(index.sitemapindex.sitemap).toHaveLength(18)
})

test('every URL in the sitemaps answers 200 and its hreflang targets link back', async ({ request }) => {
  test.setTimeout(120_000)
  const index = parser.parse(await (await request.get('/sitemap.xml')).text())
  const pages = new Map<string, Set<string>>()
  for (const file of index.sitemapindex.sitemap) {
    const urlset = parser.parse(await (await request.get(local(file.loc))).text())
    for (const url of urlset.urlset.url) {
      pages.set(local(url.loc), new Set(url['xhtml:link'].map((l: Record<string, string>) => local(l['@_href']))))
    }
  }
  expect(pages.size).toBeGreaterThan(18 * 13)
  for (const [path, alternates] of pages) {
    const response = await request.get(path, { maxRedirects: 0 })
    expect(response.status(), path).toBe(200)
    const html = await response.text()
    const links = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)]
    const inHead = links.map((m) => local(m[2]))
    expect(new Set(inHead), `${path}: head and sitemap agree`).toEqual(alternates)
    expect(links.length, `${path}: no duplicate hreflang`).toBe(new Set(links.map((m) => m[1])).size)
    for (const target of alternates) {
      expect(pages.get(target)?.has(path), `${target} links back to ${path}`).toBe(true)
    }
  }
})

test('every country guide is in the sitemaps in all 18 languages, translated, with 18 alternates', async ({ request }) => {
  test.setTimeout(120_000)
  const index = parser.parse(await (await request.get('/sitemap.xml')).text())
  const guides: { path: string; alternates: string[] }[] = []
  const comparisons: { path: string; alternates: string[] }[] = []
  for (const file of index.sitemapindex.sitemap) {
    const urlset = parser.parse(await (await request.get(local(file.loc))).text())
    for (const url of urlset.urlset.url) {
      const path = local(url.loc)
      const parsed = parsePath(path)
      const entry = { path, alternates: url['xhtml:link'].map((l: Record<string, string>) => l['@_hreflang']) }
      if (parsed.kind === 'route' && parsed.route === '/blog/countries/$country') guides.push(entry)
      if (parsed.kind === 'route' && parsed.route === '/blog/countries/compare') comparisons.push(entry)
    }
  }
  expect(guides).toHaveLength(18 * 11)
  // The key-figures comparison too, in every language with all its alternates.
  expect(comparisons).toHaveLength(18)
  for (const { alternates } of comparisons) expect(alternates).toHaveLength(19)
  for (const { path, alternates } of guides) {
    expect(alternates, path).toHaveLength(19)
    expect(alternates, path).toContain('x-default')
    const html = await (await request.get(path)).text()
    expect(html, `${path} has its own body`).not.toContain('data-testid="fallback-notice"')
    expect(html, path).not.toContain('noindex')
  }
})

test('a post page has article metadata and a share image that is a PNG', async ({ page, request }) => {
  await page.goto('/el/blog')
  // The site's own structured data is on its home page, the blog index, only.
  const home = await page.locator('script[type="application/ld+json"]').allTextContents()
  expect(home.map((t) => JSON.parse(t)['@type']).sort()).toEqual(['Organization', 'WebSite'])
  const first = await page.locator('main a[href^="/el/blog/"]').first().getAttribute('href')
  await page.goto(first ?? '/el/blog')
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${first}`)
  const image = await page.locator('meta[property="og:image"]').getAttribute('content')
  expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/og\?/)
  const png = await request.get(image ?? '')
  expect(png.status()).toBe(200)
  expect(png.headers()['content-type']).toBe('image/png')
  expect(png.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  const types = await page.locator('script[type="application/ld+json"]').allTextContents()
  const kinds = types.map((t) => JSON.parse(t)['@type'])
  expect(kinds.sort()).toEqual(['BlogPosting', 'BreadcrumbList'])
  const posting = types.map((t) => JSON.parse(t)).find((d) => d['@type'] === 'BlogPosting')
  expect(posting.inLanguage).toBe('el')
})

test('every translation is an og:locale:alternate and every keyword an article:tag, in the page and after a client navigation', async ({ page }) => {
  const contents = (property: string) =>
    page.locator(`head meta[property="${property}"]`).evaluateAll((tags) => tags.map((t) => t.getAttribute('content')))
  await page.goto('/en/blog/buying-property-in-spain-as-a-foreigner')
  const alternates = await contents('og:locale:alternate')
  expect(alternates).toHaveLength(17)
  expect(new Set(alternates)).toEqual(
    new Set([
      'de_DE',
      'pl_PL',
      'es_ES',
      'fr_FR',
      'it_IT',
      'pt_PT',
      'nl_NL',
      'sv_SE',
      'nb_NO',
      'fi_FI',
      'cs_CZ',
      'hu_HU',
      'ro_RO',
      'bg_BG',
      'el_GR',
      'sq_AL',
      'uk_UA',
    ]),
  )
  const tags = await contents('article:tag')
  expect(tags.length).toBeGreaterThan(1)
  expect(new Set(tags).size).toBe(tags.length)
  expect(await contents('twitter:title')).toEqual([])

  await page.locator('html[data-hydrated]').waitFor()
  await page.locator('button[aria-controls="main-menu"]').click()
  await page.locator('header a[href="/en/about"]').first().click()
  await expect(page).toHaveURL(/\/en\/about$/)
  await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute('content', 'website')
  expect(await contents('article:tag')).toEqual([])
  expect(await contents('og:locale:alternate')).toHaveLength(17)
})

test('the share image endpoint answers 400 with a JSON message for each bad parameter', async ({ request }) => {
  for (const query of [
    '',
    'title=',
    'title=x&type=Poster',
    'title=x&mode=neon',
    'title=x&locale=ru',
    `title=${'x'.repeat(400)}`,
    'title=x&title=y',
  ]) {
    const response = await request.get(`/api/og?${query}`)
    expect(response.status(), query).toBe(400)
    expect((await response.json()).error, query).toBeTruthy()
  }
})

test('each locale has an RSS feed linked from its pages', async ({ page, request }) => {
  await page.goto('/uk/blog')
  const href = await page.locator('link[type="application/rss+xml"]').getAttribute('href')
  expect(href).toBe(`${baseURL}/uk/rss.xml`)
  const feed = parser.parse(await (await request.get('/uk/rss.xml')).text())
  expect(feed.rss.channel.language).toBe('uk')
  expect(feed.rss.channel.item.length).toBeGreaterThan(0)
  for (const item of feed.rss.channel.item) expect(item.link).toMatch(new RegExp(`^${baseURL}/uk/blog/`))
})
