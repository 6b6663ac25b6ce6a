import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import sirv from 'sirv'
import { posts } from './content'
import { messages } from './helpers'

// `npm run validate` runs `npm run build:static` before the browser tests.
const out = process.env.STATIC_OUT ?? 'dist-static'

test.describe('static export served by a plain static server', () => {
  let server: Server
  let base: string

  test.beforeAll(async () => {
    expect(existsSync(`${out}/en/blog.html`), `${out}/ holds the export`).toBe(true)
    server = createServer(sirv(out, { extensions: ['html'], dev: false }))
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  test.afterAll(() => new Promise<void>((r) => server.close(() => r())))

  test('every page of every locale, the feeds, sitemaps and the 404 page are files', async ({ request }) => {
    for (const post of posts()) {
      const response = await request.get(`${base}/${post.locale}/blog/${post.slug}`)
      expect(response.status(), `${post.locale}/${post.slug}`).toBe(200)
    }
    for (const path of [
      '/de/blog/laender/kroatien',
      '/el/blog/chores/ellada',
      '/uk/konfidentsiinist',
      '/sitemap.xml',
      '/sitemaps/el.xml',
      '/fi/rss.xml',
      '/el/changes.xml',
      '/robots.txt',
      '/404.html',
    ]) {
      expect((await request.get(`${base}${path}`)).status(), path).toBe(200)
    }
  })

  test('built without an API origin, the forms are left out: the contact page gives its addresses, no form posts to a host that cannot take it', async ({
    request,
  }) => {
    const greek = messages('el')
    const page = await (await request.get(`${base}/el/epikoinonia`)).text()
    expect(page).toContain('editors@estateatlas.eu')
    expect(page).toContain(greek.cf_error_off)
    expect(page).not.toMatch(/<form[^>]+method="post"/)
  })

  test('client-side navigation reads the exported data files', async ({ page }) => {
    const calls: string[] = []
    page.on('response', (r) => {
      if (r.url().includes('/api/data/')) calls.push(`${r.status()} ${new URL(r.url()).pathname}`)
    })
    await page.goto(`${base}/el/blog`)
    await page.locator('html[data-hydrated]').waitFor()
    const post = posts().find((p) => p.locale === 'el' && p.key === 'greece-golden-visa-2026')
    await page.locator(`main a[href="/el/blog/${post?.slug}"]`).first().click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post?.title ?? '')
    await page.getByRole('link', { name: messages('el').post_country_guide.replace('{name}', 'Ελλάδα') }).click()
    await expect(page).toHaveURL(/\/el\/blog\/chores\/ellada$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ελλάδα')
    // The post's heading names Greece too: wait for the guide's data rather than for a heading.
    // An export older than the index's freshness (5 minutes, as in a long test run) also reads the
    // index's own data file again after hydration: right, and not what this test is about.
    await expect
      .poll(() => calls.filter((call) => !call.includes('/api/data/list/')))
      .toEqual([`200 /api/data/post/el/${post?.slug}.json`, '200 /api/data/country/el/ellada.json'])
  })

  test('a static host gets _redirects, _headers, and each page its script policy', async ({ page }) => {
    const redirects = readFileSync(`${out}/_redirects`, 'utf8')
    expect(redirects).toContain('/ /en/blog 302')
    expect(redirects).toContain('/el /el/blog 301')
    const headers = readFileSync(`${out}/_headers`, 'utf8')
    expect(headers).toContain('  x-content-type-options: nosniff')
    expect(headers).toContain('/assets/*\n  cache-control: public, max-age=31536000, immutable')
    // The policy in the page's <meta> lets its own inline scripts run, and the page hydrates.
    const violations: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text())
    })
    await page.goto(`${base}/de/blog`)
    await expect(page.locator('head meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
      'content',
      /script-src 'self' 'wasm-unsafe-eval' 'sha256-/,
    )
    await page.locator('html[data-hydrated]').waitFor()
    expect(violations).toEqual([])
  })

  test('share images are exported files referenced with absolute URLs', async ({ page, request }) => {
    await page.goto(`${base}/en/about`)
    const image = await page.locator('meta[property="og:image"]').getAttribute('content')
    expect(image).toMatch(/\/og\/[0-9a-f]{14}\.png$/)
    const png = await request.get(`${base}${new URL(image ?? '').pathname}`)
    expect(png.status()).toBe(200)
    expect(png.headers()['content-type']).toBe('image/png')
  })

  test('search works with JavaScript: the shared URL of a search, and results as the reader types (Pagefind)', async ({ page }) => {
    const problems: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text())
    })
    page.on('pageerror', (error) => problems.push(String(error)))
    // The page was exported without a query; the browser searches the URL's.
    await page.goto(`${base}/de/suche?q=Steuern`)
    await page.locator('html[data-hydrated]').waitFor()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages('de').search_results_title.replace('{query}', 'Steuern'))
    const italy = posts().find((p) => p.locale === 'de' && p.key === 'italy-property-taxes-explained')
    await expect(page.locator(`main ol a[href="/de/blog/${italy?.slug}"]`)).toBeVisible()
    await expect(page.locator('main ol mark').first()).toBeVisible()
    // Only German results: the index of the page's language.
    for (const href of await page.locator('main ol a').evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
      expect(href).toMatch(/^\/de\//)
    // The header's field, accent-free Greek.
    await page.goto(`${base}/el/blog`)
    await page.locator('html[data-hydrated]').waitFor()
    await page.locator('#site-search').click()
    await page.keyboard.type('Αθηνα')
    // The answer to the whole word, not to a prefix still on screen: a new answer resets the choice.
    await expect(page.getByRole('listbox')).toHaveAttribute('data-query', /.+/)
    await expect(page.getByRole('option').first()).toContainText('Ελλάδα')
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/el\/blog\//)
    expect(problems).toEqual([])
  })
})
