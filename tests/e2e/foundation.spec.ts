import { expect, test } from '@playwright/test'
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
  for (const [path, locale] of [['/xx/blog', 'en'], ['/en/no-such-page', 'en'], ['/de/ueber-uns/extra', 'de']] as const) {
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
  await page.route('**/_serverFn/**', async (route) => {
    if (fail) await route.fulfill({ status: 500, contentType: 'text/plain', body: 'Content service unavailable' })
    else await route.continue()
  })
  await page.getByRole('navigation', { name: messages('en').nav_main_label }).getByRole('link', { name: messages('en').nav_about }).click()
  await expect(page.getByText('Something went wrong!')).toBeVisible()
  await page.getByRole('button', { name: 'Show Error' }).click()
  await expect(page.getByText('Content service unavailable')).toBeVisible()
  await page.getByRole('button', { name: 'Hide Error' }).click()
  await expect(page.getByText('Content service unavailable')).toBeHidden()
  fail = false
  await page.getByRole('button', { name: 'Try Again' }).click()
  await expect(page.getByRole('heading', { level: 1, name: messages('en').about_title })).toBeVisible()
})

test('client-side navigation keeps the page language: every message of the locale is in the page', async ({ page }) => {
  const requests: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'document') requests.push(r.url())
  })
  await page.goto('/el/blog')
  await page.locator('html[data-hydrated]').waitFor()
  const el = messages('el')
  await page.getByRole('navigation', { name: el.nav_main_label }).getByRole('link', { name: el.nav_partner }).click()
  await expect(page).toHaveURL(/\/el\/synergia$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(el.partner_title)
  await expect(page).toHaveTitle(`Estate Atlas | ${el.partner_title}`)
  await page.getByRole('link', { name: el.nav_privacy }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(el.privacy_title)
  expect(requests).toHaveLength(1)
})

test('hydration adopts the server-rendered document instead of rendering it again', async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(String(error)))
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  let release = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await gate
    await route.continue()
  })
  await page.goto('/el/blog/agora-akinitou-stin-ispania', { waitUntil: 'commit' }).catch(() => {})
  await page.locator('main h1').waitFor({ state: 'attached' })
  const serverNodes = ['html', 'head', 'body', 'body > header', 'body > header nav', '[data-testid="language-picker"] a', 'main', 'main h1', 'body > footer', 'body > footer a']
  await page.evaluate((selectors) => {
    for (const selector of selectors) {
      ;(document.querySelector(selector) as unknown as Record<string, boolean>).__fromServer = true
    }
  }, serverNodes)
  release()
  await page.locator('html[data-hydrated]').waitFor()
  const adopted = await page.evaluate(
    (selectors) => selectors.filter((selector) => (document.querySelector(selector) as unknown as Record<string, boolean>).__fromServer !== true),
    serverNodes,
  )
  expect(adopted, 'elements replaced by hydration').toEqual([])
  for (const selector of ['html', 'head', 'body', 'body > header', 'main', 'main h1', 'body > footer', 'title', 'meta[name="description"]', 'link[rel="canonical"]']) {
    await expect(page.locator(selector), selector).toHaveCount(1)
  }
  await expect(page.locator('html')).toHaveAttribute('lang', 'el')
  expect(errors).toEqual([])
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
