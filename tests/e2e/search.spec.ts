// Search in every language (issue 14): the header's form on every page, results as the reader types
// (keyboard included), the search page rendered by the server (with and without JavaScript),
// hostile queries, accessibility, and a post added while the server runs becoming findable.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { posts } from './content'
import { axeViolations, locales, messages, type Locale } from './helpers'
import { segments } from '../../src/i18n/segments'
import { startServer, type Started } from './spawn-server'

const searchPath = (locale: Locale) => `/${locale}/${segments.search[locale]}`
const post = (key: string, locale: Locale) => {
  const found = posts().find((p) => p.key === key && p.locale === locale)
  if (!found) throw new Error(`no ${locale} version of ${key}`)
  return found
}

async function hydrated(page: Page, path: string) {
  await page.goto(path)
  await page.locator('html[data-hydrated]').waitFor()
}

test('every locale: the header holds a GET search form to its localized search page', async ({ request }) => {
  for (const locale of locales) {
    const html = await (await request.get(`/${locale}/blog`)).text()
    const form = /<form role="search"[^>]*>/.exec(html)?.[0] ?? ''
    expect(form, locale).toContain(`action="${searchPath(locale)}"`)
    expect(form, locale).toContain('method="get"')
    expect(html, locale).toMatch(/<input id="site-search"[^>]*name="q"/)
    expect(html, locale).toContain(`placeholder="${messages(locale).search_placeholder}"`)
  }
})

test('the search page is rendered by the server: ranked hits, kinds, excerpts, noindex', async ({ request }) => {
  const italy = post('italy-property-taxes-explained', 'de')
  const response = await request.get(`${searchPath('de')}?q=Steuern`)
  expect(response.status()).toBe(200)
  expect(response.headers()['x-robots-tag']).toBe('noindex')
  const html = await response.text()
  expect(html).toContain('<meta name="robots" content="noindex"/>')
  expect(html).toContain(messages('de').search_results_title.replace('{query}', 'Steuern'))
  expect(html).toContain(`href="/de/blog/${italy.slug}"`)
  expect(html).toContain(messages('de').search_kind_guide)
  expect(html).toContain(messages('de').search_kind_post)
  expect(html).toMatch(/<mark>Steuern<\/mark>/)
  // Results only in the page's language.
  for (const [, href] of html.matchAll(/<li[^>]*><p[^>]*>[\s\S]*?href="([^"]+)"/g)) expect(href).toMatch(/^\/de\//)
})

test('without JavaScript: the header form submits to the search page, which lists results', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/el/blog')
  await page.locator('#site-search').fill('Αθηνα')
  await page.locator('#site-search').press('Enter')
  await expect(page).toHaveURL(new RegExp(`${searchPath('el')}\\?q=`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Αθηνα')
  await expect(page.locator('main ol li').first()).toContainText('Ελλάδα')
  await expect(page.locator('main mark').first()).toHaveText(/Αθήν/)
  await context.close()
})

test('empty query and no results get clear messages', async ({ page }) => {
  await hydrated(page, searchPath('fr'))
  await expect(page.locator('main')).toContainText(messages('fr').search_empty)
  await hydrated(page, `${searchPath('fr')}?q=zzqxwv`)
  await expect(page.locator('main')).toContainText(messages('fr').search_none.replace('{query}', 'zzqxwv'))
})

test('results appear as the reader types; arrows, Enter and Esc work; / and Ctrl-K focus the field', async ({ page }) => {
  const calls: string[] = []
  page.on('request', (r) => r.url().includes('/api/search') && calls.push(new URL(r.url()).searchParams.get('q') ?? ''))
  await hydrated(page, '/bg/blog')
  // Nothing of search is loaded before the reader shows intent.
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => /SearchPanel|search/i.test(n)),
  )
  expect(scripts).toEqual([])
  await page.keyboard.press('/')
  await expect(page.locator('#site-search')).toBeFocused()
  await page.keyboard.type('данъци', { delay: 30 })
  const field = page.getByRole('combobox', { name: messages('bg').search_label })
  await expect(field).toHaveAttribute('aria-expanded', 'true')
  const options = page.getByRole('option')
  await expect(options.first()).toBeVisible()
  expect(calls.at(-1)).toBe('данъци')
  await page.keyboard.press('ArrowDown')
  await expect(options.first()).toHaveAttribute('aria-selected', 'true')
  await expect(field).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id')) ?? '')
  await page.keyboard.press('Escape')
  await expect(field).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByRole('listbox')).toBeHidden()
  // Down opens the list again; Enter opens the chosen result without a document load.
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  const chosen = page.locator('[role=option][aria-selected=true]')
  await expect(chosen).toHaveId((await options.nth(1).getAttribute('id')) ?? '')
  const title = (await chosen.locator(':scope > span').first().textContent()) ?? ''
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1)
  // Ctrl-K focuses the field from anywhere; Enter without a chosen result opens the search page.
  await page.locator('main h1').click()
  await page.keyboard.press('Control+k')
  await expect(page.locator('#site-search')).toBeFocused()
  await page.locator('#site-search').fill('имоти')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`${searchPath('bg')}\\?q=`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText('имоти')
  await expect(page).toHaveTitle(/имоти/)
  await expect(page.locator('main ol li').first()).toBeVisible()
})

test('the search page and the open results list pass axe, light and dark', async ({ browser }) => {
  for (const scheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme: scheme, bypassCSP: true })
    const page = await context.newPage()
    await hydrated(page, `${searchPath('uk')}?q=податки`)
    expect(await axeViolations(page), `search page, ${scheme}`).toEqual([])
    await hydrated(page, '/de/blog')
    await page.locator('#site-search').click()
    await page.keyboard.type('Steuer')
    await expect(page.getByRole('option').first()).toBeVisible()
    expect(await axeViolations(page), `results list, ${scheme}`).toEqual([])
    await context.close()
  }
})

test('hostile queries: capped, never reflected raw, never a 5xx', async ({ request }) => {
  // 10,000 characters: past the server's 8 KB request-target limit (414), and as UTF-8 past its
  // 16 KB of headers too (issue 35).
  const long = 'ä'.repeat(10_000)
  const queries = [
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    long,
    'a'.repeat(10_000),
    '\u0000\u0007\u001b[31m',
    '{"a":1}',
    '[1,2]',
    '1e999',
    '%',
    '\u202e\u2066',
  ].map(encodeURIComponent)
  // Unpaired surrogates, as a URL can carry them (their UTF-8-like bytes), and broken escapes.
  queries.push('%ED%A0%80abc', 'abc%ED%BF%BF', '%F0%9F', '%', '%zz', 'a&q=b&q=c')
  for (const q of queries) {
    for (const path of [`${searchPath('en')}?q=${q}`, `/api/search?locale=en&q=${q}`]) {
      const response = await request.get(path)
      expect(response.status(), path.slice(0, 80)).toBeLessThan(500)
      const body = await response.text()
      expect(body).not.toMatch(/TypeError|\n\s+at /)
      // The page escapes what it shows; the API's JSON is never read as HTML.
      if (path.startsWith('/api/') && response.status() === 200) {
        expect(response.headers()['content-type']).toContain('application/json')
        expect(response.headers()['x-content-type-options']).toBe('nosniff')
      } else {
        expect(body).not.toContain('<script>alert(1)</script>')
        expect(body).not.toContain('<img src=x onerror')
      }
    }
  }
  // Within the request-target limit, a query longer than the cap is cut to it.
  const capped = await (await request.get(`/api/search?locale=en&q=${'tax '.repeat(1200)}`)).json()
  expect(Array.from(capped.query as string)).toHaveLength(199)
  expect(capped.shortened).toBe(true)
  expect((await request.get('/api/search?q=tax')).status()).toBe(400)
  expect((await request.get('/api/search?locale=xx&q=tax')).status()).toBe(400)
  expect(await (await request.get('/api/search?locale=xx&q=tax')).json()).toEqual({ error: expect.stringMatching(/^Bad Request/) })
})

test.describe('live content', () => {
  let dir: string
  let site: Started

  test.beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ea-search-'))
    cpSync('content', dir, { recursive: true })
    site = await startServer(4190, { CONTENT_DIR: dir })
  })
  test.afterAll(async () => {
    await site?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  test('a post added while the server runs becomes findable without a rebuild', async ({ request }) => {
    const find = async () => (await (await request.get(`${site.url}/api/search?locale=en&q=Zanzibarite`)).json()).total as number
    expect(await find()).toBe(0)
    const source = readFileSync('content/posts/buying-property-in-spain-as-a-foreigner/en.md', 'utf8')
      .replace(/^slug: "[^"]+"/m, 'slug: "a-new-post-on-zanzibarite"')
      .replace(/^title: "[^"]+"/m, 'title: "Zanzibarite Roofs: A New Post"')
    mkdirSync(join(dir, 'posts/a-new-post'), { recursive: true })
    writeFileSync(join(dir, 'posts/a-new-post/en.md'), source)
    await expect.poll(find, { timeout: 10_000 }).toBe(1)
    const page = await (await request.get(`${site.url}/en/search?q=zanzibarit`)).text()
    expect(page).toContain('href="/en/blog/a-new-post-on-zanzibarite"')
  })
})
