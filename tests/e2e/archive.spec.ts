// The archive's pages (issue 15) against a long archive: the bundled posts copied seven times in
// English and Greek (56 posts each, 5 pages of 12), German left at its 8 (one page).
import { rmSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { syntheticContent } from '../../scripts/synthetic-content'
import { messages } from './helpers'
import { startServer, type Started } from './spawn-server'

test.describe.configure({ mode: 'serial' })

let site: Started
let dir: string

test.beforeAll(async () => {
  dir = syntheticContent(7, ['en', 'el'])
  site = await startServer(4198, { CONTENT_DIR: dir })
})

test.afterAll(async () => {
  await site?.stop()
  rmSync(dir, { recursive: true, force: true })
})

const en = messages('en')
const el = messages('el')

test('the index has numbered pages: crawlable links, own titles, self-canonical, 404 past the last', async ({ request }) => {
  const first = await (await request.get(`${site.url}/en/blog`)).text()
  for (const n of [2, 3, 5]) expect(first).toContain(`href="/en/blog/page/${n}"`)
  expect(first).not.toContain('href="/en/blog/page/6"')

  const second = await request.get(`${site.url}/en/blog/page/2`)
  expect(second.status()).toBe(200)
  const html = await second.text()
  expect(html).toContain(
    `<title>Estate Atlas | ${en.list_page_title.replace('{title}', en.blog_title).replace('{page}', '2')}</title>`.replaceAll('&', '&amp;'),
  )
  expect(html).toContain(`<link rel="canonical" href="${site.url}/en/blog/page/2"/>`)
  expect(html).toContain(`<link rel="alternate" hrefLang="el" href="${site.url}/el/blog/selida/2"/>`)
  // German has one page: its page 2 does not exist, so it is no hreflang twin.
  expect(html).not.toContain('<link rel="alternate" hrefLang="de"')

  for (const [path, status] of [
    ['/en/blog/page/6', 404],
    ['/en/blog/page/0', 404],
    ['/en/blog/page/02', 404],
    ['/en/blog/page/x', 404],
    ['/de/blog/seite/2', 404],
  ] as const) {
    expect((await request.get(`${site.url}${path}`, { maxRedirects: 0 })).status(), path).toBe(status)
  }
  const one = await request.get(`${site.url}/en/blog/page/1`, { maxRedirects: 0 })
  expect(one.status()).toBe(301)
  expect(one.headers().location).toMatch(/\/en\/blog$/)
  const wrongWord = await request.get(`${site.url}/de/blog/page/1`, { maxRedirects: 0 })
  expect(wrongWord.status()).toBe(301)
})

test('page 2 through its link, then back to the same scroll position', async ({ page }) => {
  const documents: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url())
  })
  await page.goto(`${site.url}/en/blog`)
  await page.locator('html[data-hydrated]').waitFor()
  const pagination = page.getByTestId('pagination')
  await pagination.scrollIntoViewIfNeeded()
  const scrolled = await page.evaluate(() => window.scrollY)
  expect(scrolled).toBeGreaterThan(500)
  await pagination.getByRole('link', { name: en.pagination_page.replace('{page}', '2') }).click()
  await expect(page).toHaveURL(`${site.url}/en/blog/page/2`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.list_page_title.replace('{title}', en.blog_title).replace('{page}', '2'))
  await expect(pagination.locator('[aria-current="page"]')).toHaveText('2')
  await page.goBack()
  await expect(page).toHaveURL(`${site.url}/en/blog`)
  await expect(page.getByRole('heading', { level: 2, name: en.posts_featured })).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled)
  expect(documents).toHaveLength(1)
})

test('the language picker on page 3 lands on page 3 of a language that has it, else on its last page', async ({ page }) => {
  await page.goto(`${site.url}/en/blog/page/3`)
  await page.locator('html[data-hydrated]').waitFor()
  const picker = page.getByTestId('language-picker')
  await expect(picker.locator('a[lang="de"]')).toHaveAttribute('href', '/de/blog')
  await picker.locator('summary').click()
  await picker.locator('a[lang="el"]').click()
  await expect(page).toHaveURL(`${site.url}/el/blog/selida/3`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(el.list_page_title.replace('{title}', el.blog_title).replace('{page}', '3'))
})

test("a country's posts: the guide lists the newest six and links the full list, which pages the same way", async ({ page, request }) => {
  await page.goto(`${site.url}/el/blog/chores/ellada`)
  const section = page.locator('section[aria-labelledby="country-posts"]')
  await expect(section.locator('article')).toHaveCount(6)
  await section.getByTestId('country-posts-all').click()
  await expect(page).toHaveURL(`${site.url}/el/blog/chores/ellada/arthra`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ελλάδα')
  // The guide's h1 names Greece too: wait until the list has replaced the guide.
  await expect(page.getByTestId('key-figures-summary')).toHaveCount(0)
  const cards = page.locator('main article')
  expect(await cards.count()).toBeGreaterThan(0)
  for (const flag of await cards.locator('p span').first().allTextContents()) expect(flag).toContain('Ελλάδα')
  // The old query filter redirects to the country's list, spelled in the page's language.
  const old = await request.get(`${site.url}/el/blog?country=GR`, { maxRedirects: 0 })
  expect(old.status()).toBe(301)
  expect(old.headers().location).toMatch(/\/el\/blog\/chores\/ellada\/arthra$/)
})

test('sitemaps list every list page; the feed carries the newest 50', async ({ request }) => {
  const sitemap = await (await request.get(`${site.url}/sitemaps/en.xml`)).text()
  for (const n of [2, 3, 4, 5]) expect(sitemap).toContain(`<loc>${site.url}/en/blog/page/${n}</loc>`)
  expect(sitemap).toContain(`<loc>${site.url}/en/blog/countries/greece/posts</loc>`)
  const feed = await (await request.get(`${site.url}/en/rss.xml`)).text()
  expect(feed.match(/<item>/g)).toHaveLength(50)
})
