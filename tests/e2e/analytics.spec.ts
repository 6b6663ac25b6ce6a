import { spawn, type ChildProcess } from 'node:child_process'
import { expect, test } from '@playwright/test'
import { events, startPosthogStandIn } from './posthog-stand-in'

const KEY = 'phc_estateatlas_e2e_key'
const PORT = 4180
const site = `http://127.0.0.1:${PORT}`
const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'

// posthog-js drops events from browsers it takes for bots, so look like a person's Chromium.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      `--user-agent=${userAgent}`,
      '--disable-blink-features=AutomationControlled',
    ],
  },
})

test.describe('with a PostHog key', () => {
  test.describe.configure({ mode: 'serial' })
  let standIn: Awaited<ReturnType<typeof startPosthogStandIn>>
  let server: ChildProcess

  test.beforeAll(async () => {
    standIn = await startPosthogStandIn(KEY)
    server = spawn('node', ['server/start.ts'], {
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        WEB_CONCURRENCY: '1',
        NODE_ENV: 'production',
        SITE_URL: site,
        POSTHOG_KEY: KEY,
        POSTHOG_HOST: standIn.url,
        POSTHOG_ASSETS_HOST: standIn.url,
      },
      stdio: 'ignore',
    })
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`${site}/en/blog`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break
      await new Promise((r) => setTimeout(r, 100))
    }
  })

  test.afterAll(async () => {
    server?.kill('SIGTERM')
    await standIn?.close()
  })

  test('before consent nothing is stored on the device, and only our own origin is contacted', async ({ page, context }) => {
    const hosts = new Set<string>()
    page.on('request', (r) => hosts.add(new URL(r.url()).host))
    await page.goto(`${site}/en/blog`)
    await expect(page.getByTestId('consent-banner')).toBeVisible()
    await expect.poll(() => standIn.received.some((r) => r.url.startsWith('/e') || r.url.startsWith('/i/v0/e')), { timeout: 15_000 }).toBe(true)
    const storage = await page.evaluate(() => ({ cookie: document.cookie, local: Object.keys(localStorage), session: Object.keys(sessionStorage) }))
    expect(storage.cookie).toBe('')
    expect(storage.local.filter((k) => k.includes('ph_'))).toEqual([])
    expect((await context.cookies()).map((c) => c.name)).toEqual([])
    expect([...hosts]).toEqual([`127.0.0.1:${PORT}`])
  })

  test('with consent, two pages and leaving give gzip page views and a page leave with a duration', async ({ page, context }) => {
    standIn.received.length = 0
    await page.goto(`${site}/en/blog`)
    await page.getByRole('button', { name: 'Accept' }).click()
    await expect(page.getByTestId('consent-banner')).toBeHidden()
    expect((await context.cookies()).find((c) => c.name === 'ea_consent')?.value).toBe('granted')
    await expect.poll(() => events(standIn.received).some((e) => e.event === '$pageview'), { timeout: 15_000 }).toBe(true)
    await page.locator('button[aria-controls="main-menu"]').click()
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'About us' }).click()
    await expect(page).toHaveURL(/\/en\/about$/)
    await page.waitForTimeout(500)
    await page.goto('about:blank')
    await expect.poll(() => events(standIn.received).filter((e) => e.event === '$pageleave').length, { timeout: 15_000 }).toBeGreaterThan(0)
    const all = events(standIn.received)
    const views = all.filter((e) => e.event === '$pageview').map((e) => String(e.properties.$current_url))
    expect(views).toEqual(expect.arrayContaining([`${site}/en/blog`, `${site}/en/about`]))
    const leave = all.find((e) => e.event === '$pageleave')
    expect(Number(leave?.properties.duration_ms)).toBeGreaterThan(0)
    expect(all.filter((e) => e.event === '$pageview').every((e) => e.gzip)).toBe(true)
    const cookies = (await context.cookies()).map((c) => c.name)
    expect(cookies.some((n) => n.startsWith('ph_'))).toBe(true)
  })
})

test('without a key no analytics code is loaded and /api/ph is never called', async ({ page }) => {
  const urls: string[] = []
  page.on('request', (r) => urls.push(r.url()))
  await page.goto('/en/blog')
  await page.locator('html[data-hydrated]').waitFor()
  await page.waitForLoadState('networkidle')
  await page.locator('button[aria-controls="main-menu"]').click()
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'About us' }).click()
  await page.waitForLoadState('networkidle')
  expect(urls.filter((u) => u.includes('/api/ph'))).toEqual([])
  expect(urls.filter((u) => /posthog/i.test(u))).toEqual([])
  await expect(page.getByTestId('consent-banner')).toHaveCount(0)
})
