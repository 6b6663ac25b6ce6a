// `npm run bench:calculator`: the calculator on a guide with the CPU slowed 4x (CDP): the time from
// a key going down in the price field to the first frame painted with the new total, and the
// requests made while typing (the goal: none, and under 50 ms). Also the JavaScript it loads on the
// first touch. Median and p95 of KEYSTROKES (default 30) keys.
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { round, startSite, table } from './lib'

const KEYS = Number(process.env.KEYSTROKES ?? 30)
const path = '/en/blog/countries/greece'

export async function calculatorBench(): Promise<string> {
  const site = await startSite(4481)
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
  try {
    const page = await browser.newPage()
    const lazy: number[] = []
    page.on('response', async (r) => {
      if (/\/assets\/live-.*\.js$/.test(r.url())) lazy.push(gzipSync(await r.body()).length)
    })
    await page.goto(`${site.url}${path}`)
    await page.locator('html[data-hydrated]').waitFor()
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.locator('#calc-price').fill('1')
    await page.locator('[data-calc-total]').waitFor()
    const requests: string[] = []
    page.on('request', (r) => {
      if (!r.url().endsWith('/favicon.svg')) requests.push(r.url())
    })
    const times: number[] = []
    for (let i = 0; i < KEYS; i++) {
      // €25,000, then one more digit: every key changes the total (€773 before it).
      await page.locator('#calc-price').fill('25000')
      await page.waitForFunction(() => document.querySelector('[data-calc-total]')?.getAttribute('data-calc-total') === '773')
      const measured = page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            document.addEventListener(
              'keydown',
              (event) => {
                const total = document.querySelector('[data-calc-total]')
                const before = total?.getAttribute('data-calc-total')
                const observer = new MutationObserver(() => {
                  const now = document.querySelector('[data-calc-total]')?.getAttribute('data-calc-total')
                  if (now === before) return
                  observer.disconnect()
                  requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - event.timeStamp)))
                })
                observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
              },
              { capture: true, once: true },
            )
          }),
      )
      await page.locator('#calc-price').press(String((i % 9) + 1))
      times.push(await measured)
    }
    times.sort((a, b) => a - b)
    const rows = [
      {
        page: 'guide (Greece)',
        'keys typed': KEYS,
        'median ms': round(times[Math.floor(KEYS / 2)]),
        'p95 ms': round(times[Math.min(KEYS - 1, Math.floor(KEYS * 0.95))]),
        'requests while typing': requests.length,
        'code loaded on first touch, KB gzip': round((lazy[0] ?? 0) / 1024),
      },
    ]
    return `${table(rows, Object.keys(rows[0]))}\n\nKey down to the first frame painted with the new total, CPU slowed 4x (Chromium, CDP).`
  } finally {
    await browser.close()
    await site.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await calculatorBench())
