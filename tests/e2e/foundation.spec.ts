import { expect, test } from '@playwright/test'
import { baseURL } from '../../playwright.config'
import { routeTemplates } from '../../src/i18n/segments'
import { htmlLang, locales, messages, titleOf } from './helpers'

const staticRoutes = [
  ['/blog', 'blog_title'],
  ['/about', 'about_title'],
  ['/contact-us', 'contact_title'],
  ['/partner-with-us', 'partner_title'],
  ['/privacy', 'privacy_title'],
] as const

test.describe('every static route in every locale', () => {
  for (const locale of locales) {
    test(`${locale}: 200, html lang and localized title`, async ({ request }) => {
      for (const [route, titleKey] of staticRoutes) {
        const path = `/${locale}${routeTemplates[route](locale)}`
        const response = await request.get(path, { maxRedirects: 0 })
        expect(response.status(), path).toBe(200)
        const html = await response.text()
        expect(htmlLang(html), path).toBe(locale)
        expect(titleOf(html), path).toBe(`Estate Atlas | ${messages(locale)[titleKey]}`)
      }
    })
  }
})

test.describe('redirects', () => {
  test('/ follows the cookie', async ({ request }) => {
    const response = await request.get('/', { maxRedirects: 0, headers: { cookie: 'PARAGLIDE_LOCALE=el' } })
    expect(response.status()).toBe(302)
    expect(response.headers().location).toBe('/el/blog')
    expect(response.headers().vary).toBe('Cookie, Accept-Language')
  })

  test('/ follows Accept-Language without a cookie', async ({ request }) => {
    const response = await request.get('/', { maxRedirects: 0, headers: { 'accept-language': 'de' } })
    expect(response.headers().location).toBe('/de/blog')
  })

  test('/ falls back to English, ignoring an invalid cookie', async ({ request }) => {
    const response = await request.get('/', {
      maxRedirects: 0,
      headers: { cookie: 'PARAGLIDE_LOCALE=xx', 'accept-language': 'ja' },
    })
    expect(response.headers().location).toBe('/en/blog')
  })

  test('/ with campaign parameters lands on the blog without a loop', async ({ page }) => {
    const seen: string[] = []
    page.on('response', (r) => {
      if (r.request().resourceType() === 'document') seen.push(`${r.status()} ${new URL(r.url()).pathname}`)
    })
    await page.goto('/?utm_content=newsletter')
    expect(new URL(page.url()).pathname).toBe('/en/blog')
    expect(new URL(page.url()).searchParams.get('utm_content')).toBe('newsletter')
    expect(seen).toEqual(['302 /', '200 /en/blog'])
  })

  test('/{lang} goes to that blog', async ({ request }) => {
    for (const locale of ['fi', 'uk', 'sq'] as const) {
      const response = await request.get(`/${locale}`, { maxRedirects: 0 })
      expect(response.status()).toBe(301)
      expect(response.headers().location).toBe(`/${locale}/blog`)
    }
  })

  test('a wrong-language segment answers 301 to the localized path', async ({ request }) => {
    const response = await request.get('/de/about', { maxRedirects: 0 })
    expect(response.status()).toBe(301)
    expect(response.headers().location).toBe('/de/ueber-uns')
  })
})

test.describe('not found', () => {
  for (const [path, locale] of [
    ['/xx/blog', 'en'],
    ['/en/no-such-page', 'en'],
    ['/de/ueber-uns/extra', 'de'],
  ] as const) {
    test(`${path} is a 404 with the not-found page`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.getByTestId('not-found')).toBeVisible()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
      await expect(page.getByText(messages(locale).not_found_text)).toBeVisible()
      await expect(page.getByRole('link', { name: messages(locale).not_found_start_over })).toHaveAttribute('href', '/')
    })
  }

  test('an API path that does not exist is a JSON 404 by any method, never a redirect to a page', async ({ request }) => {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of ['/api/no-such-thing', '/api/data', '/api/search/extra']) {
        const response = await request.fetch(path, { method, maxRedirects: 0, data: method === 'GET' || method === 'HEAD' ? undefined : 'x' })
        expect(response.status(), `${method} ${path}`).toBe(404)
        expect(response.headers()['content-type'], `${method} ${path}`).toContain('application/json')
        if (method !== 'HEAD') expect((await response.json()).error, `${method} ${path}`).toContain('Not Found')
      }
    }
  })

  test('an API path asked with a method it does not answer is a JSON 405 naming the methods it does', async ({ request }) => {
    for (const path of ['/api/search?locale=en&q=tax', '/api/og?title=x', '/api/data/site.json']) {
      const response = await request.post(path, { maxRedirects: 0, data: 'x' })
      expect(response.status(), path).toBe(405)
      expect(response.headers().allow, path).toBe('GET, HEAD')
      expect((await response.json()).error, path).toContain('Method Not Allowed')
    }
  })

  test('the English not-found page says so', async ({ page }) => {
    await page.goto('/en/no-such-page')
    await expect(page).toHaveTitle('Estate Atlas | Not Found')
    await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Go back' })).toBeVisible()
  })
})

test('the language picker takes you to the same page in another language and remembers it', async ({ page, context }) => {
  await page.goto('/en/about')
  await page.locator('html[data-hydrated]').waitFor()
  const picker = page.getByTestId('language-picker')
  await picker.locator('summary').click()
  await picker.getByRole('link', { name: 'Deutsch' }).click()
  await expect(page).toHaveURL(/\/de\/ueber-uns$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  const cookie = (await context.cookies()).find((c) => c.name === 'PARAGLIDE_LOCALE')
  expect(cookie?.value).toBe('de')
  expect(cookie?.path).toBe('/')
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(34_560_000 - 120)
})

test('the language picker works from the keyboard', async ({ page }) => {
  await page.goto('/en/about')
  await page.locator('html[data-hydrated]').waitFor()
  const summary = page.getByTestId('language-picker').locator('summary')
  await summary.focus()
  await page.keyboard.press('Enter')
  const option = page.getByTestId('language-picker').getByRole('link', { name: 'Ελληνικά' })
  await expect(option).toBeVisible()
  await expect(option).toHaveAttribute('href', '/el/gia-mas')
  await page.keyboard.press('Escape')
  await expect(option).toBeHidden()
})

test('a failing route load shows the error page with a message toggle and retry', async ({ page }) => {
  await page.goto('/en/blog')
  await page.locator('html[data-hydrated]').waitFor()
  let fail = true
  await page.route('**/api/data/**', async (route) => {
    if (fail) await route.fulfill({ status: 503, contentType: 'text/plain', body: 'Content service unavailable' })
    else await route.continue()
  })
  await page.locator('button[aria-controls="main-menu"]').click()
  await page
    .getByRole('navigation', { name: messages('en').nav_main_label })
    .getByRole('link', { name: messages('en').nav_about })
    .click()
  await expect(page.getByText('Something went wrong!')).toBeVisible()
  await page.getByRole('button', { name: 'Show Error' }).click()
  await expect(page.getByText('Could not load /api/data/page/en/about.json: 503')).toBeVisible()
  await page.getByRole('button', { name: 'Hide Error' }).click()
  await expect(page.getByText('Could not load /api/data/page/en/about.json: 503')).toBeHidden()
  fail = false
  await page.getByRole('button', { name: 'Try Again' }).click()
  await expect(page.getByRole('heading', { level: 1, name: messages('en').about_title })).toBeVisible()
})

test("client-side navigation keeps the page language: the locale's other messages load before a page that needs them", async ({ page }) => {
  const requests: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'document') requests.push(r.url())
  })
  await page.goto('/el/blog')
  await page.locator('html[data-hydrated]').waitFor()
  const el = messages('el')
  await page.locator('button[aria-controls="main-menu"]').click()
  await page.getByRole('navigation', { name: el.nav_main_label }).getByRole('link', { name: el.nav_partner }).click()
  await expect(page).toHaveURL(/\/el\/synergia$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(el.partner_title)
  await expect(page).toHaveTitle(`Estate Atlas | ${el.partner_title}`)
  await page.getByRole('link', { name: el.nav_privacy }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(el.privacy_title)
  expect(requests).toHaveLength(1)
})

const pageTypes = [
  ['blog index', '/el/blog'],
  ['post', '/el/blog/agora-akinitou-stin-ispania'],
  ['guide', '/el/blog/chores/ellada'],
  ['static page', '/el/gia-mas'],
] as const

for (const [kind, path] of pageTypes) {
  test(`React hydration adopts the server-rendered ${kind} instead of rendering it again`, async ({ page }) => {
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(String(error)))
    page.on('console', (message) => ['error', 'warning'].includes(message.type()) && problems.push(message.text()))
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await gate
      await route.continue()
    })
    await page.goto(path, { waitUntil: 'commit' }).catch(() => {})
    await page.locator('main h1').waitFor({ state: 'attached' })
    const serverNodes = [
      'html',
      'head',
      'body',
      'body > header',
      'body > header nav',
      '[data-testid="language-picker"] a',
      'main',
      'main h1',
      'body > footer',
      'body > footer a',
    ]
    await page.evaluate((selectors) => {
      for (const selector of selectors) {
        ;(document.querySelector(selector) as unknown as Record<string, boolean>).__fromServer = true
      }
    }, serverNodes)
    release()
    await page.locator('html[data-hydrated]').waitFor()
    const result = await page.evaluate(
      (selectors) => ({
        replaced: selectors.filter((selector) => (document.querySelector(selector) as unknown as Record<string, boolean>).__fromServer !== true),
        // React DOM keeps its fiber on every element it owns.
        withoutReact: ['main h1', 'body > header nav', 'body > footer a'].filter(
          (selector) => !Object.keys(document.querySelector(selector) ?? {}).some((key) => key.startsWith('__reactFiber$')),
        ),
      }),
      serverNodes,
    )
    expect(result.replaced, 'elements replaced by hydration').toEqual([])
    expect(result.withoutReact, 'elements React did not hydrate').toEqual([])
    for (const selector of [
      'html',
      'head',
      'body',
      'body > header',
      'main',
      'main h1',
      'body > footer',
      'head > title',
      'meta[name="description"]',
      'link[rel="canonical"]',
    ]) {
      await expect(page.locator(selector), selector).toHaveCount(1)
    }
    await expect(page.locator('html')).toHaveAttribute('lang', 'el')
    expect(problems).toEqual([])
  })
}

test('client navigation from the index reaches a post, a guide and a static page without loading a document', async ({ page }) => {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(String(error)))
  page.on('console', (message) => ['error', 'warning'].includes(message.type()) && problems.push(message.text()))
  const documents: string[] = []
  page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()))
  const en = messages('en')
  await page.goto('/en/blog')
  await page.locator('html[data-hydrated]').waitFor()
  const firstPost = page.locator('main article a[href^="/en/blog/"]').first()
  const postTitle = (await firstPost.textContent())?.trim() ?? ''
  await firstPost.click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(postTitle)
  await page.goBack()
  await expect(page).toHaveURL(/\/en\/blog$/)
  await page.locator('main a[href="/en/blog/countries/greece"]').first().click()
  await expect(page).toHaveURL(/\/en\/blog\/countries\/greece$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Greece')
  await page.locator('button[aria-controls="main-menu"]').click()
  await page.getByRole('navigation', { name: en.nav_main_label }).getByRole('link', { name: en.nav_about }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.about_title)
  expect(documents).toEqual([`${baseURL}/en/blog`])
  expect(problems).toEqual([])
})

test('the language picker lands on the same post in the other language, without console errors', async ({ page }) => {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(String(error)))
  page.on('console', (message) => ['error', 'warning'].includes(message.type()) && problems.push(message.text()))
  await page.goto('/en/blog/buying-property-in-spain-as-a-foreigner')
  await page.locator('html[data-hydrated]').waitFor()
  const picker = page.getByTestId('language-picker')
  await picker.locator('summary').click()
  await picker.getByRole('link', { name: 'Ελληνικά' }).click()
  await expect(page).toHaveURL(/\/el\/blog\/agora-akinitou-stin-ispania$/)
  await page.locator('html[data-hydrated]').waitFor()
  await expect(page.locator('html')).toHaveAttribute('lang', 'el')
  await expect(page.locator('main h1')).toContainText('Ισπανία')
  expect(problems).toEqual([])
})

test('the page paints before any JavaScript is requested, then hydrates', async ({ page, request }) => {
  const html = await (await request.get('/en/blog/buying-property-in-spain-as-a-foreigner')).text()
  expect(html).not.toContain('<link rel="modulepreload"')
  expect(html).not.toMatch(/<script[^>]+type="module"/)
  await page.goto('/en/blog/buying-property-in-spain-as-a-foreigner')
  await page.locator('html[data-hydrated]').waitFor()
  const timings = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
    preloads: [...document.querySelectorAll('link[rel="modulepreload"]')].length,
  }))
  expect(timings.scripts.length).toBeGreaterThan(0)
  expect(timings.preloads).toBeGreaterThan(0)
  for (const start of timings.scripts) expect(start).toBeGreaterThanOrEqual(timings.firstPaint)
})

test('a click on a link while the page is hydrating is not lost', async ({ browser }) => {
  test.setTimeout(90_000)
  // A slow phone widens the window between the first paint and the end of hydration.
  for (const delay of [0, 50, 100, 150, 200, 300, 400]) {
    const context = await browser.newContext()
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
    await page.goto('/en/blog/greece-golden-visa-2026-thresholds-costs-rules', { waitUntil: 'commit' })
    const link = page.getByRole('link', { name: /Greece investment guide/ })
    await link.waitFor()
    await page.waitForTimeout(delay)
    await link.click({ noWaitAfter: true })
    await expect(page, `click ${delay} ms after the link appeared`).toHaveURL(/\/en\/blog\/countries\/greece$/, { timeout: 10_000 })
    await context.close()
  }
})

test('a reader who scrolls before the page hydrates stays where they are', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
  await page.goto('/en/blog/greece-golden-visa-2026-thresholds-costs-rules', { waitUntil: 'commit' })
  await page.locator('main h1').waitFor()
  await page.evaluate(() => window.scrollTo(0, 1200))
  await page.locator('html[data-hydrated]').waitFor()
  await page.waitForTimeout(300)
  expect(await page.evaluate(() => window.scrollY)).toBe(1200)
  await context.close()
})

test('icons and the web manifest: the favicon is in the page, the manifest is linked once the page has painted', async ({ page, request }) => {
  const html = await (await request.get('/el/blog')).text()
  // Neither is a request before the first paint (decision 021: each added a round trip to Lighthouse's largest paint).
  expect(html).toMatch(/<link rel="icon" href="data:image\/svg\+xml,%3Csvg%20/)
  expect(html).not.toMatch(/<link rel="manifest"/)
  const requested: string[] = []
  page.on('request', (r) => requested.push(new URL(r.url()).pathname))
  await page.goto('/el/blog')
  await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
  await page.locator('html[data-hydrated]').waitFor()
  expect(await page.locator('head link[rel="manifest"]').count()).toBe(1)
  expect(requested).not.toContain('/favicon.svg')
  const manifest = await request.get('/manifest.webmanifest')
  expect(manifest.status()).toBe(200)
  expect((await manifest.json()).icons.length).toBeGreaterThan(0)
})
