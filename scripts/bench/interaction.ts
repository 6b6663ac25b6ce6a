// `npm run bench:interaction`: with the CPU slowed 4x (CDP), the time from a click to the paint of
// the new page: a post card on the blog index (client navigation: a mouse that hovers 100 ms, a
// finger that taps for 80 ms, a click with nothing before it) and a language in the picker (a new
// document, by the spec). The router preloads on intent: hover, touchstart, focus.
// Median and worst of INTERACTION_RUNS (default 5) runs each.
import { chromium, type CDPSession, type Page } from '@playwright/test'
import { round, startSite, table } from './lib'

const RUNS = Number(process.env.INTERACTION_RUNS ?? 5)

/** Resolves with ms from the next click to the first frame painted with a new <h1>. */
function armClientNavigation(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const before = document.querySelector('main h1')?.textContent
        document.addEventListener(
          'click',
          (event) => {
            const observer = new MutationObserver(() => {
              const h1 = document.querySelector('main h1')
              if (!h1 || h1.textContent === before) return
              observer.disconnect()
              // A task queued from the next frame callback runs once that frame has been painted.
              requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - event.timeStamp)))
            })
            observer.observe(document.body, { subtree: true, childList: true, characterData: true })
          },
          { capture: true, once: true },
        )
      }),
  )
}

/** A finger on the screen for 80 ms, as a tap lasts: the browser sends the click after touchend. */
async function tap(page: Page, cdp: CDPSession, x: number, y: number) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
  await page.waitForTimeout(80)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}

async function clientNavigation(page: Page, cdp: CDPSession, input: 'hover' | 'click' | 'tap') {
  await page.goto('/en/blog')
  await page.locator('html[data-hydrated]').waitFor()
  const card = page.locator('main article a[href^="/en/blog/"]').nth(1)
  const done = armClientNavigation(page)
  if (input === 'hover') {
    await card.hover()
    await page.waitForTimeout(100)
  }
  if (input === 'tap') {
    await card.scrollIntoViewIfNeeded()
    const box = await card.boundingBox()
    if (!box) throw new Error('the post card has no box')
    await tap(page, cdp, box.x + box.width / 2, box.y + box.height / 2)
  } else await card.click()
  return done
}

async function languageSwitch(page: Page) {
  await page.goto('/en/blog/buying-property-in-spain-as-a-foreigner')
  await page.locator('html[data-hydrated]').waitFor()
  await page.getByTestId('language-picker').locator('summary').click()
  await page.evaluate(() =>
    document.addEventListener('click', (e) => sessionStorage.setItem('clickAt', String(performance.timeOrigin + e.timeStamp)), {
      capture: true,
      once: true,
    }),
  )
  await page.getByTestId('language-picker').getByRole('link', { name: 'Deutsch' }).click()
  await page.waitForURL(/\/de\/blog\//)
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list, observer) => {
          const paint = list.getEntriesByName('first-contentful-paint')[0]
          if (!paint) return
          observer.disconnect()
          resolve(performance.timeOrigin + paint.startTime - Number(sessionStorage.getItem('clickAt')))
        }).observe({ type: 'paint', buffered: true })
      }),
  )
}

export async function interaction() {
  const site = await startSite(4452)
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
  const cases: [string, (page: Page, cdp: CDPSession) => Promise<number>][] = [
    ['post card, client navigation: mouse (100 ms hover, then click)', (page, cdp) => clientNavigation(page, cdp, 'hover')],
    ['post card, client navigation: touch (80 ms tap)', (page, cdp) => clientNavigation(page, cdp, 'tap')],
    ['post card, client navigation: click with no hover before it', (page, cdp) => clientNavigation(page, cdp, 'click')],
    ['language in the picker (new document)', languageSwitch],
  ]
  const rows = []
  try {
    // One unmeasured pass warms the server's page cache for the pages and data the runs fetch, as
    // a CDN or the page cache would be warm in production; every run then starts a new browser context.
    const warm = await browser.newContext({ baseURL: site.url, hasTouch: true })
    const warmPage = await warm.newPage()
    for (const [, measure] of cases) await measure(warmPage, await warm.newCDPSession(warmPage))
    await warm.close()
    for (const [name, measure] of cases) {
      const times: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ baseURL: site.url, viewport: { width: 412, height: 823 }, hasTouch: true })
        const page = await context.newPage()
        page.setDefaultTimeout(20_000)
        const cdp = await context.newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
        const timeout = new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`${name}: no new page painted within 20 s`)), 20_000).unref(),
        )
        times.push(await Promise.race([measure(page, cdp), timeout]))
        await context.close()
      }
      times.sort((a, b) => a - b)
      rows.push({
        interaction: name,
        'median ms': round(times[Math.floor(times.length / 2)], 0),
        'max ms': round(times[times.length - 1], 0),
        runs: times.length,
      })
    }
  } finally {
    await browser.close()
    await site.stop()
  }
  return table(rows, ['interaction', 'median ms', 'max ms', 'runs'])
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await interaction())
