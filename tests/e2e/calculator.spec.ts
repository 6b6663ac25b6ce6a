import { expect, test } from '@playwright/test'
import { routePath } from '../../src/i18n/paths'

const cyprus = '/en/blog/countries/cyprus'
const compare = routePath('/blog/countries/compare', 'en')
const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''))

test('without JavaScript, the form answers the Cyprus example on the page: VAT within €10 of €22,660, result not indexed', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(cyprus)
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
  await page.fill('#calc-price', '330000')
  await page.check('input[name="kind"][value="new"]')
  await page.check('input[name="main"]')
  await page.fill('#calc-area', '150')
  const answered = page.waitForResponse((r) => r.url().includes('price=330000'))
  await page.click('.calc-form button[type="submit"]')
  expect((await answered).status()).toBe(200)
  await expect(page).toHaveURL(/price=330000&kind=new&main=yes&area=150/)
  const vat = digits(await page.locator('[data-line="vat"] td').textContent())
  expect(Math.abs(vat - 22_660)).toBeLessThanOrEqual(10)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  await context.close()
})

test('bad input answers 400 with a message beside the field, and the server keeps answering', async ({ request }) => {
  const hostile: Array<[string, string, string]> = [
    ['price=', 'price', 'Enter an amount.'],
    ['price=-5', 'price', 'The amount cannot be negative.'],
    ['price=abc', 'price', 'Enter a whole amount in digits, such as 180000.'],
    ['price=1e308', 'price', 'Enter a whole amount in digits, such as 180000.'],
    [`price=${'9'.repeat(4_096)}`, 'price', 'This amount is too large for a home.'],
    ['price=250000&rent=lots', 'rent', 'Enter a whole amount in digits, such as 180000.'],
  ]
  for (const [query, field, message] of hostile) {
    const response = await request.get(`${cyprus}?${query}`)
    expect(response.status(), query.slice(0, 30)).toBe(400)
    expect(await response.text()).toContain(`<p id="calc-error-${field}" class="calc-error" role="alert">${message}</p>`)
  }
  // Past 8 KB the request target itself is refused, before the calculator reads it (issue 35).
  expect((await request.get(`${cyprus}?price=${'9'.repeat(10_240)}`)).status()).toBe(414)
  const region = await request.get('/en/blog/countries/spain?price=250000&region=Atlantis')
  expect(region.status()).toBe(400)
  expect(await region.text()).toContain('Choose a region from the list.')
  const country = await request.get(`${compare}?country=ZZ&price=250000`)
  expect(country.status()).toBe(400)
  // Without JavaScript a form sent with no country chosen is answered with the country's error.
  const none = await request.get(`${compare}?price=250000`)
  expect(none.status()).toBe(400)
  expect(await none.text()).toMatch(/id="calc-error-country"[^>]*>Choose one of the options\./)
  // The comparison's own page chooses no country, and its answer for one offers that country's regions only.
  expect(await (await request.get(compare)).text()).toMatch(/<option value="" disabled="" selected="">Choose a country<\/option>/)
  const spain = await (await request.get(`${compare}?country=ES&price=250000`)).text()
  expect(spain).toMatch(/<optgroup label="Spain" data-country="ES">/)
  expect(spain).toMatch(/<optgroup label="Bulgaria" data-country="BG" disabled="" hidden="">/)
  expect((await request.get(cyprus)).status()).toBe(200)
})

test('a €250,000 resale: in every country the total is the sum of its lines and the comparison’s one-off cost', async ({ request }) => {
  const table = await (await request.get(compare)).text()
  for (const code of ['AL', 'BG', 'HR', 'CY', 'IT', 'PL', 'PT', 'ES', 'GR', 'SE', 'US']) {
    const html = await (await request.get(`${compare}?country=${code}&price=250000`)).text()
    const written = /data-calc-total="(\d*)"/.exec(html)?.[1]
    const row = new RegExp(
      `<tr data-country="${code}"[^>]*>[\\s\\S]*?data-figure="oneOff" data-value="([^"]*)">[\\s\\S]*?<span class="kf-lines kf-small"><span>([^<]+)</span>`,
    ).exec(table)
    // A cost without a sourced figure: no total, here or in the comparison (issue 37).
    if (written === '') {
      expect(html, code).toContain('No total: there is no sourced figure for')
      expect(['no total', ''], code).toContain(row?.[1] ?? '')
      continue
    }
    const total = Number(written)
    const lines = [...html.matchAll(/<tr data-line="\w+">[\s\S]*?<td class="text-right tabular-nums">([^<]+)<\/td>/g)].map((m) => digits(m[1]))
    // Each line is rounded to the euro for print: the sum may differ by a euro per line.
    expect(Math.abs(lines.reduce((a, b) => a + b, 0) - total), code).toBeLessThanOrEqual(lines.length)
    expect(digits(row?.[2] ?? ''), code).toBe(total)
  }
})

test('a reader who types before the page has loaded its messages sees the total written out', async ({ page }) => {
  // The locale's messages (loaded with the calculator's code on the first touch, or on intent) held back until the first key.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/en-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/en/blog/countries/greece')
  await page.locator('html[data-hydrated]').waitFor()
  await page.fill('#calc-price', '250000')
  release()
  await expect(page.locator('[data-calc-total]')).toHaveAttribute('data-calc-total', '20725')
  await expect(page.locator('[data-calc-total]')).toContainText('€20,725')
  await expect(page.locator('.calc-result h3')).not.toBeEmpty()
})

test('with JavaScript, the result follows the typing with no request, and the URL follows', async ({ page }) => {
  await page.goto('/en/blog/countries/greece')
  await page.locator('html[data-hydrated]').waitFor()
  await page.fill('#calc-price', '2')
  await expect(page.locator('#calc-error-price')).toBeEmpty()
  const requests: string[] = []
  // Chromium asks for the tab's icon again when the URL changes; any other request would be the calculator's.
  page.on('request', (r) => {
    if (!r.url().endsWith('/favicon.svg')) requests.push(r.url())
  })
  await page.locator('#calc-price').pressSequentially('50000')
  await expect(page.locator('[data-calc-total]')).toHaveAttribute('data-calc-total', '20725')
  await expect(page).toHaveURL(/[?&]price=250000/)
  await page.locator('#calc-rent').fill('1000')
  await expect(page.locator('[data-yield="gross"]')).toHaveText('4.8%')
  // Net yields on the price plus the one-off costs (the Portugal post's definition, issue 38):
  // (12,000 − 1,000) ÷ (250,000 + 20,725) = 4.06%, not 4.4% on the price alone; the basis is named.
  await page.locator('#calc-costs').fill('1000')
  await expect(page.locator('[data-yield="net"]')).toHaveText('4.06%')
  await expect(page.locator('[data-yield="basis"]')).toContainText('price plus the one-off costs')
  await page.locator('#calc-price').fill('-1')
  await expect(page.locator('#calc-error-price')).toHaveText('The amount cannot be negative.')
  expect(requests).toEqual([])
})

test('from a shared result URL, the calculator keeps following the reader after the URL has followed', async ({ page }) => {
  // The URL the calculator keeps in step loads the route again: that must not wipe the form.
  await page.goto('/en/blog/countries/greece?price=250000')
  await page.locator('html[data-hydrated]').waitFor()
  await expect(page.locator('[data-calc-total]')).toHaveAttribute('data-calc-total', '20725')
  await page.locator('#calc-price').fill('100000')
  await expect(page).toHaveURL(/[?&]price=100000/)
  // 3.09% + notary 1.2% + cadastre 0.5% + lawyer 1.5% + agent 2% = 8.29%.
  await expect(page.locator('[data-calc-total]')).toHaveAttribute('data-calc-total', '8290')
  await page.locator('#calc-price').fill('200000')
  await expect(page.locator('[data-calc-total]')).toHaveAttribute('data-calc-total', '16580')
  await expect(page).toHaveURL(/[?&]price=200000/)
  await expect(page.locator('#calc-price')).toHaveValue('200000')
})

test('on the comparison, the region list offers the chosen country’s regions only, on its default, and follows every change', async ({ page }) => {
  await page.goto(compare)
  await page.locator('html[data-hydrated]').waitFor()
  const offered = () =>
    page
      .locator('#calc-region')
      .evaluate((select: HTMLSelectElement) =>
        [...select.options].filter((o) => !o.disabled && !(o.parentElement as HTMLOptGroupElement).disabled).map((o) => o.value),
      )
  await page.selectOption('#calc-country', 'ES')
  await expect(page.locator('#calc-region')).toHaveValue('Comunidad de Madrid')
  expect(await offered()).toEqual(['Comunidad de Madrid', 'Andalucía', 'Catalunya', 'Bizkaia'])
  await page.selectOption('#calc-region', 'Andalucía')
  await page.locator('#calc-price').fill('200000')
  await expect(page).toHaveURL(/region=Andaluc%C3%ADa/)
  await expect(page.locator('.calc-result')).toContainText('Andalucía')
  // After the URL has followed, a new country still redraws the list and the result.
  await page.selectOption('#calc-country', 'AL')
  await expect(page.locator('#calc-region')).toBeHidden()
  await expect(page).not.toHaveURL(/region=/)
  await page.selectOption('#calc-country', 'GR')
  await expect(page.locator('[data-calc-total]')).toHaveAttribute('data-calc-total', '16580')
  await page.locator('#calc-price').fill('250000')
  await expect(page.locator('[data-calc-total]')).toHaveAttribute('data-calc-total', '20725')
})

test('a guide shared with tracking parameters is the guide: indexable and cacheable, not a calculator answer', async ({ request }) => {
  const plain = await request.get(cyprus)
  const tracked = await request.get(`${cyprus}?utm_source=newsletter&utm_medium=email&ref=x`)
  expect(tracked.status()).toBe(200)
  expect(tracked.headers()['cache-control']).toBe(plain.headers()['cache-control'])
  expect(await tracked.text()).not.toContain('name="robots" content="noindex"')
})
