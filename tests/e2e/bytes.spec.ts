// Issue 27: a page's body and messages are sent once, and the page still hydrates and navigates.
import { expect, test, type Page } from '@playwright/test'
import { messages } from './helpers'

const post = '/en/blog/buying-property-in-spain-as-a-foreigner'
const firstSentence = "Spain is one of Europe's most open property markets"

function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

const inlineScripts = (html: string) => [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n')

test("a guide's price chart and calculator form are in its HTML once: not again in the dehydrated data, nor their messages", async ({ request }) => {
  // Twice: the first render after a start builds the drawn parts, the second reads them memoized.
  for (let i = 0; i < 2; i++) {
    const html = await (await request.get(`/en/blog/countries/greece?utm_source=bytes-test-${i}`)).text()
    expect(html.split('data-testid="price-chart"').length - 1).toBe(1)
    expect(html.split('class="calc-form"').length - 1).toBe(1)
    const scripts = inlineScripts(html)
    expect(scripts).not.toContain('price-chart')
    expect(scripts).not.toContain('calc-form')
    // The messages only the server-drawn parts call are in those parts, not in the page's script.
    expect(scripts).not.toContain('calc_price_note:')
    expect(scripts).not.toContain('kf_prices_nominal:')
  }
})

test("a post's article is in its HTML once: not again in the dehydrated data", async ({ request }) => {
  const html = await (await request.get(post)).text()
  expect(html.split(firstSentence.replace("'", '&#x27;')).length - 1 + html.split(firstSentence).length - 1).toBe(1)
  expect(inlineScripts(html)).not.toContain('Spain is one of Europe')
  // Nor does any paragraph of it travel in a script.
  for (const [, paragraph] of html.matchAll(/<p>([^<]{40,80})/g)) expect(inlineScripts(html)).not.toContain(paragraph.slice(0, 40))
})

test('a hydrated post, left and come back to by client-side navigation, draws its article again', async ({ page }) => {
  const errors = collectErrors(page)
  await page.goto(post)
  await page.locator('html[data-hydrated]').waitFor()
  await expect(page.locator('[data-body]')).toContainText(firstSentence)
  await page.locator('header nav a', { hasText: 'Blog' }).first().click()
  await expect(page).toHaveURL(/\/en\/blog$/)
  // The index's own link to the post (the language picker links to the page it is on).
  await page.locator(`main a[href="${post}"]`).first().click()
  await expect(page).toHaveURL(new RegExp(`${post}$`))
  await expect(page.locator('[data-body]')).toContainText(firstSentence)
  await expect(page.locator('[data-body] h2')).not.toHaveCount(0)
  await page.goBack()
  await page.goForward()
  await expect(page.locator('[data-body]')).toContainText(firstSentence)
  expect(errors).toEqual([])
})

test("a hydrated guide, left and come back to, draws both parts of its text around the dataset's table", async ({ page }) => {
  const errors = collectErrors(page)
  await page.goto('/en/blog/countries/greece')
  await page.locator('html[data-hydrated]').waitFor()
  const parts = await page.locator('[data-body]').allInnerTexts()
  expect(parts).toHaveLength(2)
  await page.locator('header nav a', { hasText: 'Blog' }).first().click()
  await expect(page).toHaveURL(/\/en\/blog$/)
  await page.goBack()
  await expect(page).toHaveURL(/\/en\/blog\/countries\/greece$/)
  expect(await page.locator('[data-body]').allInnerTexts()).toEqual(parts)
  await expect(page.getByText('[[key-figures]]')).toHaveCount(0)
  // The price chart and the calculator's form, sent once in the page's markup, are drawn again
  // from the page they were read from, and the calculator still works.
  await expect(page.getByTestId('price-chart')).toBeVisible()
  await expect(page.locator('#calculator form.calc-form')).toBeVisible()
  await page.locator('#calc-price').fill('200000')
  await expect(page.locator('[data-calc-result]')).toContainText('€6,180')
  expect(errors).toEqual([])
})

test('a page carries the messages its render called; the others come before a client-side navigation needs them', async ({ page, request }) => {
  const html = await (await request.get('/el/blog')).text()
  const el = messages('el')
  expect(html).toContain('blog_title:')
  expect(html).not.toContain('kf_title:')
  const errors = collectErrors(page)
  await page.goto('/el/blog')
  await page.locator('html[data-hydrated]').waitFor()
  await page.locator('header nav a[href="/el/blog/chores/sygkrisi"]').first().click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(el.kf_title)
  expect(errors).toEqual([])
})

// Issue 40: a page loads only the code it shows. The guide's and the calculator's chunks, and the
// locale's full messages, wait for the reader's intent (hover, focus, touch) on a link that needs them.
for (const [kind, path] of [
  ['post', post],
  ['blog index', '/en/blog'],
] as const) {
  test(`a ${kind} fetches no guide or calculator code before the reader points at a guide link`, async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await page.goto(path)
    await page.locator('html[data-hydrated]').waitFor()
    // Well past the idle moment the earlier code used to fetch them in.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 1500))))
    const guideCode = (list: string[]) => list.filter((name) => /\/assets\/(blog\.countries\._country-|Calculator)/.test(name))
    expect(guideCode(scripts)).toEqual([])
    expect(scripts.filter((name) => /\/assets\/en-[\w-]+\.js$/.test(name))).toEqual([])
    // Intent still preloads: hovering a link to a guide fetches its route's code.
    const guideLinks = page.locator('main a[href^="/en/blog/countries/"]:not([href$="/compare"]):not([href*="/posts"])')
    await guideLinks.first().scrollIntoViewIfNeeded()
    await guideLinks.first().hover()
    await expect.poll(() => guideCode(scripts).length).toBeGreaterThan(0)
  })
}
