import { expect, test } from '@playwright/test'
import { XMLParser } from 'fast-xml-parser'
import { posts } from './content'
import { axeViolations, messages } from './helpers'

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['url'].includes(name) })

const firstPost = (locale: string) => posts().find((p) => p.locale === locale)?.slug
const pagesFor = (locale: 'en' | 'de' | 'el') => {
  const guides = { en: '/en/blog/countries/greece', de: '/de/blog/laender/griechenland', el: '/el/blog/chores/ellada' }
  const statics = {
    en: ['/en/about', '/en/contact-us', '/en/partner-with-us', '/en/privacy'],
    de: ['/de/ueber-uns', '/de/kontakt', '/de/partner-werden', '/de/datenschutz'],
    el: ['/el/gia-mas', '/el/epikoinonia', '/el/synergia', '/el/aporreto'],
  }
  const compare = { en: '/en/blog/countries/compare', de: '/de/blog/laender/vergleich', el: '/el/blog/chores/sygkrisi' }
  return [`/${locale}/blog`, `/${locale}/blog/${firstPost(locale)}`, guides[locale], compare[locale], ...statics[locale], `/${locale}/no-such-page`]
}

for (const locale of ['en', 'de', 'el'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds no violations in ${locale}, ${scheme}`, async ({ browser }) => {
      test.setTimeout(90_000)
      // axe is injected as an inline script, which the site's CSP rightly refuses.
      const context = await browser.newContext({ colorScheme: scheme, bypassCSP: true })
      const page = await context.newPage()
      for (const path of pagesFor(locale)) {
        await page.goto(path)
        await page.locator('html[data-hydrated]').waitFor()
        expect(await axeViolations(page), path).toEqual([])
      }
      await context.close()
    })
  }
}

for (const locale of ['de', 'fi', 'hu', 'el', 'bg']) {
  test(`no page of the ${locale} sitemap scrolls sideways at 320 px`, async ({ browser, request }) => {
    test.setTimeout(90_000)
    const urlset = parser.parse(await (await request.get(`/sitemaps/${locale}.xml`)).text())
    const context = await browser.newContext({ viewport: { width: 320, height: 640 } })
    const page = await context.newPage()
    // Guides still in English are noindex and left out of the sitemap; the index links them.
    await page.goto(`/${locale}/blog`)
    const linked = await page.locator(`main a[href^="/${locale}/blog/"]`).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
    const paths = new Set([...urlset.urlset.url.map((url: { loc: string }) => new URL(url.loc).pathname), ...linked])
    for (const path of paths) {
      await page.goto(path)
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, path).toBeLessThanOrEqual(0)
    }
    await context.close()
  })
}

test('the text of a guide or post starts where the layout puts it: a first heading adds no space, later ones keep theirs', async ({ page }) => {
  for (const path of ['/bg/blog/strani/balgariya', '/en/blog/countries/greece', `/el/blog/${firstPost('el')}`]) {
    await page.goto(path)
    const margins = await page
      .locator('.prose')
      .first()
      .evaluate((prose) => ({
        first: getComputedStyle(prose.firstElementChild as Element).marginTop,
        laterHeading: getComputedStyle(prose.querySelector(':scope > h2:not(:first-child)') as Element).marginTop,
      }))
    expect(margins.first, path).toBe('0px')
    expect(parseFloat(margins.laterHeading), path).toBeGreaterThan(30)
  }
})

test('the theme toggle is remembered and the next page does not flash', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'light' })
  const page = await context.newPage()
  await page.goto('/en/blog')
  await page.locator('html[data-hydrated]').waitFor()
  await page.getByTestId('theme-toggle').click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  // Record the theme at the very first paint of the next page, before any app script runs.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.body) {
        ;(window as unknown as { firstTheme?: string }).firstTheme = document.documentElement.dataset.theme ?? 'none'
        observer.disconnect()
      }
    }).observe(document, { childList: true, subtree: true })
  })
  await page.goto('/en/about')
  expect(await page.evaluate(() => (window as unknown as { firstTheme?: string }).firstTheme)).toBe('dark')
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  expect(background).toBe('rgb(18, 22, 25)')
  await context.close()
})

test('keyboard alone reaches every header link and the language picker', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/en/blog')
  await page.locator('html[data-hydrated]').waitFor()
  const reached: string[] = []
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab')
    reached.push(
      await page.evaluate(() => {
        const el = document.activeElement
        return el?.closest('[data-testid="language-picker"]') ? 'picker' : (el?.textContent ?? '').trim()
      }),
    )
  }
  const en = messages('en')
  expect(reached[0]).toBe(en.skip_to_content)
  for (const label of ['Estate Atlas', en.nav_blog, en.kf_nav, 'picker']) {
    expect(reached, label).toContain(label)
  }
  // The menu button opens every link (issue 38: one row at every width), reached with the keyboard too.
  await page.locator('button[aria-controls="main-menu"]').focus()
  await page.keyboard.press('Enter')
  const menu: string[] = []
  for (let i = 0; i < 9; i++) {
    await page.keyboard.press('Tab')
    menu.push(await page.evaluate(() => (document.activeElement?.closest('#main-menu') ? document.activeElement.textContent : '') ?? ''))
  }
  // Then the country guides, by name.
  expect(menu.filter(Boolean).slice(0, 7)).toEqual([en.nav_blog, en.kf_nav, en.nav_about, en.nav_contact, en.nav_partner, 'Albania', 'Bulgaria'])
  await page.keyboard.press('Escape')
})

test('the header menu lists the eleven country guides in the page language, on every page (issue 38)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
  const page = await context.newPage()
  for (const path of ['/el/blog', '/el/gia-mas']) {
    await page.goto(path)
    await page.locator('html[data-hydrated]').waitFor()
    await page.locator('button[aria-controls="main-menu"]').click()
    const guides = page.locator('#menu-guides a')
    await expect(guides).toHaveCount(11)
    await expect(page.locator('#menu-guides')).toHaveAccessibleName(messages('el').guides_section_title)
    for (const href of await guides.evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
      expect(href).toMatch(/^\/el\/blog\/chores\/[a-z-]+$/)
    await expect(guides.filter({ hasText: 'Ελλάδα' })).toHaveCount(1)
  }
  await page.locator('#menu-guides a', { hasText: 'Ελλάδα' }).click()
  await expect(page.locator('h1')).toContainText('Ελλάδα')
  await context.close()
})

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/en/blog')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()
})

test('the blog index filters by country through the URL', async ({ page }) => {
  await page.goto('/en/blog?country=GR')
  const cards = page.locator('main section[aria-labelledby="latest-heading"] li article')
  await expect(cards.first()).toContainText('Greece')
  for (const text of await cards.allTextContents()) expect(text).toContain('Greece')
  await page.goto('/en/blog?country=<script>')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('no page breaks its own Content-Security-Policy', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text())
  })
  for (const path of ['/en/blog', `/el/blog/${firstPost('el')}`, '/de/blog/laender/spanien', '/uk/pro-nas', '/en/no-such-page']) {
    await page.goto(path)
    await page.locator('html[data-hydrated]').waitFor()
    await page.getByTestId('theme-toggle').click()
  }
  await page
    .getByRole('link', { name: messages('en').nav_about })
    .first()
    .click()
  expect(violations).toEqual([])
})

test('the display font joins after the first paint, keeps the heading on its lines, and is on at once for the next page', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.body) {
        ;(window as unknown as { firstFonts?: string }).firstFonts = document.documentElement.dataset.fonts ?? 'off'
        observer.disconnect()
      }
    }).observe(document, { childList: true, subtree: true })
  })
  const path = `/el/blog/${firstPost('el')}`
  await page.goto(path)
  expect(await page.evaluate(() => (window as unknown as { firstFonts?: string }).firstFonts)).toBe('off')
  const heading = page.locator('h1')
  const before = await heading.boundingBox()
  await expect(page.locator('html')).toHaveAttribute('data-fonts', '')
  // The Greek and Latin faces the title needs have loaded, and the heading draws in them.
  expect(await page.evaluate(() => document.fonts.check('600 1em "Source Serif 4"', document.title))).toBe(true)
  expect(await heading.evaluate((h) => getComputedStyle(h).fontFamily)).toMatch(/^"Source Serif 4"/)
  const after = await heading.boundingBox()
  expect(Math.abs((after?.height ?? 0) - (before?.height ?? 0)), 'the heading keeps its number of lines').toBeLessThan(12)

  await page.goto('/en/about')
  expect(await page.evaluate(() => (window as unknown as { firstFonts?: string }).firstFonts)).toBe('')
  await context.close()
})

test('the header is one row from 320 to 1280 px in long and short languages, and its menu holds every link (issue 38)', async ({ browser }) => {
  test.setTimeout(90_000)
  for (const locale of ['en', 'de', 'el', 'bg', 'fi', 'hu']) {
    for (const width of [320, 768, 1024, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 800 } })
      const page = await context.newPage()
      await page.goto(`/${locale}/blog`)
      await page.locator('html[data-hydrated]').waitFor()
      const header = await page.locator('body > header').boundingBox()
      expect(header!.height, `${locale} ${width}`).toBeLessThanOrEqual(80)
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${locale} ${width}`).toBeLessThanOrEqual(width)
      await page.locator('button[aria-controls="main-menu"]').click()
      // The five pages and the eleven country guides.
      await expect(page.locator('#main-menu a')).toHaveCount(16)
      await expect(page.locator('#main-menu a').first()).toBeVisible()
      if (width < 640) await expect(page.locator('#site-search')).toBeVisible()
      await context.close()
    }
  }
})
