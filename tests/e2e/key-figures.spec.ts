import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { parse as parseCsv } from 'csv-parse/sync'
import { routePath } from '../../src/i18n/paths'
import { locales } from './helpers'
import { runUntilExit, startServer } from './spawn-server'

const comparePath = (locale: (typeof locales)[number]) => routePath('/blog/countries/compare', locale)

/** Every printed figure of a page: key → value, in the part of the page `scope` selects. */
async function figures(page: Page, scope: string) {
  return page
    .locator(`${scope} [data-figure]`)
    .evaluateAll((nodes) => nodes.map((n) => [n.getAttribute('data-figure'), n.getAttribute('data-value')]))
}

test.describe('the comparison page', () => {
  for (const locale of locales) {
    test(`${locale}: 11 countries, charts, a map, every figure dated and sourced`, async ({ request }) => {
      const response = await request.get(comparePath(locale))
      expect(response.status()).toBe(200)
      const html = await response.text()
      expect(html.match(/<tr data-country="[A-Z]{2}"/g)).toHaveLength(11)
      expect(html.match(/<svg[^>]*role="img"/g)?.length).toBeGreaterThanOrEqual(5)
      expect(html).toMatch(/<svg viewBox="0 0 320 320" role="img" aria-label="[^"]{5,}"/)
      // Every value printed has its month and a numbered source note, which links out over https.
      const values = [...html.matchAll(/data-figure="(\w+)" data-value="([^"]+)">([\s\S]*?)<\/span><\/span>(?=<\/td>)/g)]
      expect(values.length).toBeGreaterThan(60)
      for (const [, key, , body] of values) {
        expect(body, key).toMatch(/<time dateTime="\d{4}-\d{2}">[^<]+<\/time>/i)
        const ref = /href="#source-(\d+)"/.exec(body)?.[1]
        expect(ref, key).toBeTruthy()
        expect(html).toMatch(new RegExp(`<li id="source-${ref}"[^>]*>[\\s\\S]*?href="https://[^"]+"`))
      }
      expect(html).toContain('"@type":"Dataset"')
    })
  }

  test('numbers in the locale’s format', async ({ request }) => {
    const de = await (await request.get(comparePath('de'))).text()
    expect(de).toContain('data-value="3,09\u00a0%"')
    expect(de).toMatch(/250\.000\u00a0€/)
    const en = await (await request.get(comparePath('en'))).text()
    expect(en).toContain('data-value="3.09%"')
    expect(en).toContain('€250,000')
  })

  test('sorts and shades with JavaScript off, through links the server answers', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(comparePath('en'))
    const order = () => page.locator('tr[data-country]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-country')))
    expect(await order()).toEqual(['AL', 'BG', 'HR', 'CY', 'GR', 'IT', 'PL', 'PT', 'ES', 'SE', 'US'])
    await page.locator('th a', { hasText: 'Transfer tax, resale' }).click()
    await expect(page).toHaveURL(/sort=transferTax&dir=asc/)
    const ascending = await order()
    expect(ascending[0]).toBe('AL') // no transfer tax for the buyer: 0%
    expect(ascending.at(-1)).toBe('IT')
    await page.locator('th a', { hasText: 'Transfer tax, resale' }).click()
    await expect(page).toHaveURL(/dir=desc/)
    expect((await order())[0]).toBe('IT')
    await expect(page.locator('th[aria-sort="descending"]')).toHaveCount(1)
    await page.locator('#kf-map a', { hasText: 'Price per m², capital' }).click()
    await expect(page).toHaveURL(/map=pricePerM2/)
    await expect(page.locator('#kf-map a[aria-current="page"]')).toHaveText('Price per m², capital')
    await context.close()
  })

  test('CSV and JSON downloads parse and hold 11 countries with a source for every value', async ({ request }) => {
    const csv = await request.get('/data/key-figures.csv')
    expect(csv.headers()['content-type']).toContain('text/csv')
    const rows = parseCsv(await csv.text(), { columns: true }) as Array<Record<string, string>>
    expect(new Set(rows.map((r) => r.country)).size).toBe(11)
    for (const row of rows) expect(row.sourceUrl).toMatch(/^https:\/\//)
    const json = await (await request.get('/data/key-figures.json')).json()
    expect(json.countries).toHaveLength(11)
  })
})

test.describe('the guides’ price trends (decision 026)', () => {
  for (const locale of ['en', 'el', 'uk'] as const) {
    test(`${locale}: every guide but Albania’s draws the BIS index to 2025 or later; Albania’s says BIS does not cover it`, async ({ request }) => {
      const compare = await (await request.get(comparePath(locale))).text()
      const links = [...compare.matchAll(/<tr data-country="([A-Z]{2})"[^>]*><th[^>]*><a href="([^"]+)"/g)].map((match) => [match[1], match[2]])
      expect(links).toHaveLength(11)
      for (const [code, href] of links) {
        const html = await (await request.get(href)).text()
        if (code === 'AL') {
          expect(html, href).toContain('data-testid="price-not-covered"')
          expect(html, href).not.toContain('data-testid="price-chart"')
          continue
        }
        expect(html, href).toContain('data-testid="price-chart"')
        expect(html, href).toMatch(/<path d="M[^"]+" class="kf-line1"/)
        expect(html, href).toMatch(/<path d="M[^"]+" class="kf-line2"/)
        expect(html, href).toMatch(/data-testid="price-latest">[^<]*20(2[5-9]|[3-9]\d)/)
      }
    })
  }
})

test.describe('the guides', () => {
  for (const locale of ['en', 'de', 'el'] as const) {
    test(`${locale}: each key figure in a guide equals the comparison page’s cell`, async ({ page }) => {
      test.setTimeout(90_000)
      await page.goto(comparePath(locale))
      const links = await page
        .locator('tr[data-country] th a')
        .evaluateAll((as) => as.map((a) => [a.closest('tr')!.getAttribute('data-country'), a.getAttribute('href')]))
      expect(links).toHaveLength(11)
      const table = new Map<string, Map<string, string | null>>()
      for (const row of await page.locator('tr[data-country]').all()) {
        const code = (await row.getAttribute('data-country'))!
        table.set(code, new Map((await figures(page, `tr[data-country="${code}"]`)) as Array<[string, string | null]>))
      }
      for (const [code, href] of links) {
        await page.goto(href!)
        const printed = [...(await figures(page, '[data-testid="key-figures-panel"]')), ...(await figures(page, '[data-testid="key-figures-costs"]'))]
        expect(printed.length, href!).toBeGreaterThanOrEqual(16)
        for (const [key, value] of printed) expect(value, `${href} ${key}`).toBe(table.get(code!)!.get(key!))
        await expect(page.locator('[data-testid="compare-link"]')).toHaveAttribute('href', comparePath(locale))
      }
    })
  }
})

test('a broken dataset file is refused with its file and field, and the running server keeps the last good data', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'estate-atlas-kf-'))
  cpSync('content', dir, { recursive: true })
  const site = await startServer(4196, { CONTENT_DIR: dir })
  const file = join(dir, 'key-figures/gr.yaml')
  const original = readFileSync(file, 'utf8')
  try {
    const before = await (await fetch(`${site.url}/en/blog/countries/compare`)).text()
    expect(before).toContain('data-value="3.09%"')
    writeFileSync(file, original.replace('rate: 3.09', 'rate: 309'))
    await expect.poll(() => site.output(), { timeout: 5000 }).toContain('Content change rejected')
    expect(site.output()).toContain('gr.yaml [figures.transferTax.rate]')
    const after = await fetch(`${site.url}/en/blog/countries/compare`)
    expect(after.status).toBe(200)
    expect(await after.text()).toContain('data-value="3.09%"')
  } finally {
    await site.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  // At start, the same file stops the server with the same message.
  const broken = mkdtempSync(join(tmpdir(), 'estate-atlas-kf-'))
  cpSync('content', broken, { recursive: true })
  writeFileSync(join(broken, 'key-figures/gr.yaml'), original.replace('rate: 3.09', 'rate: 309'))
  try {
    const result = await runUntilExit({ CONTENT_DIR: broken, PORT: '4197' })
    expect(result.code).not.toBe(0)
    expect(result.output).toContain('gr.yaml [figures.transferTax.rate]: a rate is a percentage, at most 100')
  } finally {
    rmSync(broken, { recursive: true, force: true })
  }
})

test('the comparison hydrates without errors, and a client-side navigation to it draws the same parts', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto('/en/blog')
  await page.locator('html[data-hydrated]').waitFor()
  await page.locator('header nav a', { hasText: 'Compare countries' }).first().click()
  await expect(page).toHaveURL(/\/en\/blog\/countries\/compare$/)
  await expect(page.locator('tr[data-country]')).toHaveCount(11)
  await expect(page.locator('#kf-part-charts svg[role="img"]')).toHaveCount(4)
  await expect(page.locator('#calc-price')).toBeVisible()
  await page.reload()
  await page.locator('html[data-hydrated]').waitFor()
  await expect(page.locator('tr[data-country]')).toHaveCount(11)
  // Away and back without a document load: the parts read from the page are drawn again.
  await page.locator('header nav a', { hasText: 'Blog' }).first().click()
  await expect(page).toHaveURL(/\/en\/blog$/)
  await page.locator('header nav a', { hasText: 'Compare countries' }).first().click()
  await expect(page.locator('tr[data-country]')).toHaveCount(11)
  await expect(page.locator('#kf-part-charts svg[role="img"]')).toHaveCount(4)
  await expect(page.locator('#kf-part-sources li')).not.toHaveCount(0)
  // No country is chosen for the reader (issue 38): no result until one is, then its result.
  await expect(page.locator('#calc-country')).toHaveValue('')
  await page.locator('#calc-price').fill('250000')
  await expect(page.locator('[data-calc-total]')).toHaveCount(0)
  await expect(page.locator('#calc-region')).toBeHidden()
  await page.selectOption('#calc-country', 'GR')
  await expect(page.locator('[data-calc-total]')).toHaveAttribute('data-calc-total', '20725')
  // The same after a page drawn for a sorted URL.
  await page.goto('/en/blog/countries/compare?sort=transferTax&dir=desc')
  await page.locator('html[data-hydrated]').waitFor()
  await page.locator('header nav a', { hasText: 'Blog' }).first().click()
  await expect(page).toHaveURL(/\/en\/blog$/)
  await page.locator('header nav a', { hasText: 'Compare countries' }).first().click()
  await expect(page.locator('tr[data-country]').first()).toHaveAttribute('data-country', 'AL')
  expect(errors).toEqual([])
})

test('search finds the comparison in the reader’s language, and the sitemap and share image are there', async ({ request }) => {
  const de = await (await request.get('/de/suche?q=Kennzahlen')).text()
  expect(de).toContain('href="/de/blog/laender/vergleich"')
  const page = await (await request.get('/el/blog/chores/sygkrisi')).text()
  const image = /<meta property="og:image" content="https?:\/\/[^/"]+([^"]+)"/.exec(page)?.[1]?.replaceAll('&amp;', '&')
  expect(image).toBeTruthy()
  const png = await request.get(image!)
  expect(png.headers()['content-type']).toBe('image/png')
  expect(page).toMatch(/<link[^>]*hreflang="de"[^>]*\/de\/blog\/laender\/vergleich/i)
})

test('on a phone a guide shows its headline figures near the top, with the way to the panel and the calculator; the contents list them', async ({
  page,
}) => {
  for (const path of ['/en/blog/countries/spain', '/el/blog/chores/ellada']) {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(path)
    const summary = page.getByTestId('key-figures-summary')
    await expect(summary).toBeVisible()
    expect((await summary.boundingBox())!.y).toBeLessThan(800)
    // The one-off costs carry their amount and what they leave out, never a total alone.
    await expect(summary.locator('dd').first()).toContainText('%')
    const contents = page.locator('nav', { has: page.locator(`a[href="#calculator"]`) }).first()
    await expect(contents.locator('a[href="#facts-heading"]')).toHaveCount(1)
    await summary.locator('a[href="#calculator"]').click()
    await expect(page).toHaveURL(/#calculator$/)
    await expect(page.locator('#calculator')).toBeInViewport()
    // On a wide screen the panel is beside the text: the summary is not repeated.
    await page.setViewportSize({ width: 1280, height: 900 })
    await expect(summary).toBeHidden()
  }
})

test('the figures’ changes: listed on the comparison and the guide in the page’s language, linked from the head, and an Atom feed that parses', async ({
  request,
}) => {
  const { XMLParser, XMLValidator } = await import('fast-xml-parser')
  const expected = {
    en: 'Portugal: Rental income tax, non-resident 25% → 10%',
    de: 'Portugal: Steuer auf Mieteinnahmen',
    el: 'Πορτογαλία: Φόρος ενοικίων',
  } as const
  for (const locale of ['en', 'de', 'el'] as const) {
    for (const path of [comparePath(locale), routePath('/blog/countries/$country', locale, { country: 'portugal' })]) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      const html = await response.text()
      const section = /<section id="kf-changes"[\s\S]*?<\/section>/.exec(html)?.[0] ?? ''
      expect(section, path).toContain(expected[locale])
      expect(section).toMatch(/<time dateTime="2026-11-28"[^>]*>/)
      expect(section).toContain(`href="/${locale}/changes.xml"`)
      expect(html).toMatch(new RegExp(`<link rel="alternate" type="application/atom\\+xml" title="[^"]+" href="[^"]+/${locale}/changes\\.xml"`))
    }
    const feed = await request.get(`/${locale}/changes.xml`)
    expect(feed.status()).toBe(200)
    expect(feed.headers()['content-type']).toContain('application/atom+xml')
    const xml = await feed.text()
    expect(XMLValidator.validate(xml)).toBe(true)
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml).feed
    expect(parsed['@_xml:lang']).toBe(locale)
    const entries = [parsed.entry].flat()
    expect(entries.some((e: { title: string }) => e.title.startsWith(expected[locale]))).toBe(true)
  }
  // A guide without any change lists none.
  expect(await (await request.get(routePath('/blog/countries/$country', 'en', { country: 'greece' }))).text()).not.toContain('id="kf-changes"')
})

test('the comparison leads with the answer and never widens the page, on phones to desktops, sorted by any column (issue 38)', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  for (const locale of ['en', 'de', 'el', 'bg'] as const) {
    for (const [width, height] of [
      [320, 640],
      [375, 740],
      [768, 1024],
      [1280, 800],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled: false })
      const page = await context.newPage()
      await page.goto(comparePath(locale))
      await expect(page.locator('[data-testid="kf-takeaway"] p')).toHaveCount(2)
      // The map begins within the first screen and a half.
      const mapTop = await page.locator('#kf-map figure').evaluate((el) => el.getBoundingClientRect().top + window.scrollY)
      expect(mapTop, `${locale} ${width}`).toBeLessThan(height * 1.5)
      const columns = await page.locator('#kf-table thead th a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!))
      expect(columns).toHaveLength(8)
      for (const href of [comparePath(locale), ...columns]) {
        await page.goto(href)
        const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
        expect(widths[0], `${locale} ${width} ${href}`).toBeLessThanOrEqual(widths[1])
      }
      await context.close()
    }
  }
})

test('on a phone, Cyprus and Malta are findable on the map: a marker at least 24 px across, Cyprus shaded by its figure', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(comparePath('el'))
  for (const code of ['CY', 'MT']) {
    const box = (await page.locator(`#kf-map circle[data-marker="${code}"]`).boundingBox())!
    expect(box.width, code).toBeGreaterThanOrEqual(24)
    expect(box.height, code).toBeGreaterThanOrEqual(24)
  }
  await expect(page.locator('#kf-map circle[data-marker="CY"]')).toHaveClass(/kf-s\d/)
  await expect(page.locator('#kf-map circle[data-marker="CY"] title')).toHaveText(/^Κύπρος: /)
  await context.close()
})

test('on a 320 px phone every chart’s text is at least 11 px on screen, on the comparison and a guide (issue 38)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 }, javaScriptEnabled: false })
  const page = await context.newPage()
  for (const path of [comparePath('el'), routePath('/blog/countries/$country', 'en', { country: 'greece' })]) {
    await page.goto(path)
    const sizes = await page.locator('figure.kf-chart svg text').evaluateAll((texts) =>
      texts.map((text) => {
        const svg = (text as SVGTextElement).ownerSVGElement!
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width
        return { text: text.textContent, px: parseFloat(getComputedStyle(text).fontSize) * scale }
      }),
    )
    expect(sizes.length, path).toBeGreaterThan(5)
    for (const size of sizes) expect(size.px, `${path} ${size.text}`).toBeGreaterThanOrEqual(11)
  }
  await context.close()
})
