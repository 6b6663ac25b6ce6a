import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { guideDescription, posts } from './content'
import { startServer } from './spawn-server'
import { htmlLang, messages, titleOf } from './helpers'

const all = posts()
const decode = (s: string) => s.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'")

test.describe('blog index', () => {
  for (const locale of ['en', 'de', 'el'] as const) {
    test(`${locale} lists the posts of that locale, newest first`, async ({ page }) => {
      await page.goto(`/${locale}/blog`)
      const mine = all.filter((p) => p.locale === locale)
      expect(mine.length).toBeGreaterThan(0)
      for (const post of mine) {
        await expect(page.locator(`a[href="/${locale}/blog/${post.slug}"]`).first()).toBeVisible()
      }
      const others = all.filter((p) => p.locale !== locale && !mine.some((m) => m.slug === p.slug))
      for (const post of others.slice(0, 5)) {
        await expect(page.locator(`a[href="/${locale}/blog/${post.slug}"]`)).toHaveCount(0)
      }
    })
  }
})

test('every post in every locale answers 200 with its own title and description', async ({ request }) => {
  for (const post of all) {
    const response = await request.get(`/${post.locale}/blog/${post.slug}`, { maxRedirects: 0 })
    expect(response.status(), `${post.locale}/${post.slug}`).toBe(200)
    const html = await response.text()
    expect(htmlLang(html)).toBe(post.locale)
    expect(titleOf(html)).toBe(`Estate Atlas | ${post.title}`)
    expect(decode(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '')).toBe(post.meta)
    // The byline in the page's language: the team's English name is not left after "Von" (issue 38).
    const by = decode(/<p class="byline"><span>([^<]*)<\/span>/.exec(html)?.[1] ?? '')
    expect(by, `${post.locale}/${post.slug}`).toBe(messages(post.locale as Parameters<typeof messages>[0]).post_by_editors)
  }
})

test('a guide renders with its localized title and description', async ({ page }) => {
  await page.goto('/de/blog/laender/spanien')
  await expect(page).toHaveTitle(`Estate Atlas | ${messages('de').guide_title.replace('{name}', 'Spanien')}`)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', guideDescription('es', 'de'))
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Spanien')
  await expect(page.getByTestId('fallback-notice')).toHaveCount(0)
  await expect(page.locator('.prose h2').first()).toContainText('Marktüberblick')
})

// The bundled content translates every guide, so a fixture with one body removed keeps the notice tested.
test('a guide without a body in its language shows the English text with a notice and noindex', async ({ browser }) => {
  const dir = mkdtempSync(join(tmpdir(), 'ea-partial-'))
  cpSync('content', dir, { recursive: true })
  const file = join(dir, 'countries/es/de.md')
  writeFileSync(file, readFileSync(file, 'utf8').split(/\n---\n/)[0] + '\n---\n')
  const site = await startServer(4197, { CONTENT_DIR: dir })
  try {
    const page = await browser.newPage()
    await page.goto(`${site.url}/de/blog/laender/spanien`)
    await expect(page.getByTestId('fallback-notice')).toHaveText(messages('de').guide_not_translated)
    await expect(page.locator('.prose[lang="en"] h2').first()).toContainText('Market overview')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveCount(0)
    await page.goto(`${site.url}/el/blog/chores/ispania`)
    await expect(page.getByTestId('fallback-notice')).toHaveCount(0)
    await page.close()
  } finally {
    await site.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})

test('switching language on a post lands on the translated slug', async ({ page }) => {
  const en = all.find((p) => p.key === 'buying-property-in-spain-as-a-foreigner' && p.locale === 'en')
  const de = all.find((p) => p.key === 'buying-property-in-spain-as-a-foreigner' && p.locale === 'de')
  expect(en && de).toBeTruthy()
  await page.goto(`/en/blog/${en?.slug}`)
  await page.locator('html[data-hydrated]').waitFor()
  const picker = page.getByTestId('language-picker')
  await picker.locator('summary').click()
  await picker.getByRole('link', { name: 'Deutsch' }).click()
  await expect(page).toHaveURL(new RegExp(`/de/blog/${de?.slug}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de?.title ?? '')
})

test('switching language on a guide lands on the localized country slug', async ({ page }) => {
  await page.goto('/en/blog/countries/greece')
  await page.locator('html[data-hydrated]').waitFor()
  const picker = page.getByTestId('language-picker')
  await picker.locator('summary').click()
  await picker.getByRole('link', { name: 'Ελληνικά' }).click()
  await expect(page).toHaveURL(/\/el\/blog\/chores\/ellada$/)
})

test('a missing post is the not-found page titled "Post not found", noindex, 404', async ({ page }) => {
  const response = await page.goto('/en/blog/no-such-post')
  expect(response?.status()).toBe(404)
  await expect(page).toHaveTitle('Estate Atlas | Post not found')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  await expect(page.getByTestId('not-found')).toBeVisible()
})

test('a missing country is the not-found page titled "Country not found", noindex, 404', async ({ page }) => {
  const response = await page.goto('/en/blog/countries/atlantis')
  expect(response?.status()).toBe(404)
  await expect(page).toHaveTitle('Estate Atlas | Country not found')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
})

test('other forms of a country redirect to its canonical localized URL', async ({ request }) => {
  for (const [from, to] of [
    ['/de/blog/laender/es', '/de/blog/laender/spanien'],
    ['/de/blog/laender/spain', '/de/blog/laender/spanien'],
    ['/el/blog/chores/GR', '/el/blog/chores/ellada'],
    ['/en/blog/countries/espana', '/en/blog/countries/spain'],
  ]) {
    const response = await request.get(from, { maxRedirects: 0 })
    expect(response.status(), from).toBe(301)
    expect(new URL(response.headers().location, 'http://x').pathname, from).toBe(to)
  }
})

test('a post links to its country guide and back', async ({ page }) => {
  const post = all.find((p) => p.key === 'greece-golden-visa-2026' && p.locale === 'en')
  await page.goto(`/en/blog/${post?.slug}`)
  await page.getByRole('link', { name: /Greece investment guide/ }).click()
  await expect(page).toHaveURL(/\/en\/blog\/countries\/greece$/)
  await expect(page.locator(`a[href="/en/blog/${post?.slug}"]`).first()).toBeVisible()
})
