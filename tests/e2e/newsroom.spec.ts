// Publishing like a newsroom (issue 16), against a copy of the bundled content with a draft, a
// post scheduled a few seconds ahead, a renamed slug and an English source updated after its
// German translation. One server, started with a preview token.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { messages } from './helpers'
import { startServer, type Started } from './spawn-server'

test.describe.configure({ mode: 'serial' })

const token = 'preview-token-for-the-browser-tests'
const spain = 'buying-property-in-spain-as-a-foreigner'
let site: Started
let dir: string
let goesLiveAt: number

/** A copy of a bundled post under a new key, with front matter lines changed. */
function variant(key: string, slug: string, extra: string) {
  const source = readFileSync(`content/posts/${spain}/en.md`, 'utf8')
    .replace(/^slug: "[^"]+"/m, `slug: "${slug}"`)
    .replace(/^title: "/m, 'title: "[test] ')
  mkdirSync(join(dir, 'posts', key), { recursive: true })
  writeFileSync(join(dir, 'posts', key, 'en.md'), source.replace('---\n', `---\n${extra}\n`))
}

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ea-newsroom-'))
  cpSync('content', dir, { recursive: true })
  variant('a-draft', 'a-draft-post', 'draft: true')
  // Twelve seconds from now, written with an offset as an editor would.
  goesLiveAt = Date.now() + 12_000
  const at = new Date(goesLiveAt + 2 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '+02:00')
  variant('a-scheduled', 'a-scheduled-post', `publishedAt: ${at}`.replace(/\npublishedAt: .*$/m, ''))
  const scheduledFile = join(dir, 'posts/a-scheduled/en.md')
  writeFileSync(scheduledFile, readFileSync(scheduledFile, 'utf8').replace(/^publishedAt: 2026-02-10\n/m, ''))
  // The English Spain post is renamed and updated after its German translation.
  const en = join(dir, `posts/${spain}/en.md`)
  writeFileSync(
    en,
    readFileSync(en, 'utf8')
      .replace(`slug: "${spain}"`, `slug: "${spain}-2026"\npreviousSlugs: ["${spain}"]`)
      .replace('updatedAt: 2026-10-05', 'updatedAt: 2026-11-20'),
  )
  site = await startServer(4199, { CONTENT_DIR: dir, PREVIEW_TOKEN: token })
})

test.afterAll(async () => {
  await site?.stop()
  rmSync(dir, { recursive: true, force: true })
})

test('a draft is nowhere for readers and answers 404', async ({ request }) => {
  expect((await request.get(`${site.url}/en/blog/a-draft-post`)).status()).toBe(404)
  for (const path of ['/en/blog', '/sitemaps/en.xml', '/en/rss.xml', '/api/data/list/en/1.json']) {
    expect(await (await request.get(`${site.url}${path}`)).text(), path).not.toContain('a-draft-post')
  }
  // A wrong token is no token.
  const wrong = await request.get(`${site.url}/en/blog/a-draft-post?preview=not-the-token-at-all`, { maxRedirects: 0 })
  expect(wrong.status()).toBe(404)
  expect(wrong.headers()['set-cookie']).toBeUndefined()
})

test('an editor previews a draft with the token: marked, noindex, never cached', async ({ page }) => {
  const response = await page.goto(`${site.url}/en/blog?preview=${token}`)
  expect(new URL(page.url()).search).toBe('')
  expect(response?.headers()['cache-control']).toBe('private, no-store')
  await expect(page.locator('main a[href="/en/blog/a-draft-post"]').first()).toBeVisible()
  const post = await page.goto(`${site.url}/en/blog/a-draft-post`)
  expect(post?.status()).toBe(200)
  expect(post?.headers()['cache-control']).toBe('private, no-store')
  expect(post?.headers()['x-robots-tag']).toBe('noindex')
  await expect(page.getByTestId('draft-notice')).toHaveText(messages('en').post_draft_notice)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  // Readers, even on the same server right after, still get the 404.
  const reader = await page.context().browser()?.newPage()
  expect((await reader?.goto(`${site.url}/en/blog/a-draft-post`))?.status()).toBe(404)
  await reader?.close()
})

test('a renamed slug answers 301 to the current one', async ({ request }) => {
  const old = await request.get(`${site.url}/en/blog/${spain}`, { maxRedirects: 0 })
  expect(old.status()).toBe(301)
  expect(old.headers().location).toMatch(new RegExp(`/en/blog/${spain}-2026$`))
  expect((await request.get(`${site.url}/en/blog/${spain}-2026`)).status()).toBe(200)
})

test('a translation behind its English source tells readers, with a link to the original', async ({ page }) => {
  await page.goto(`${site.url}/de/blog/immobilienkauf-in-spanien-als-auslaender`)
  const notice = page.getByTestId('outdated-notice')
  await expect(notice).toContainText(messages('de').post_outdated_notice.replace('{date}', '20. November 2026'))
  await notice.getByRole('link', { name: messages('de').post_outdated_link }).click()
  await expect(page).toHaveURL(new RegExp(`/en/blog/${spain}-2026$`))
  await expect(page.getByTestId('outdated-notice')).toHaveCount(0)
})

test('a scheduled post appears on the running server when its time comes', async ({ request }) => {
  test.setTimeout(60_000)
  const before = await request.get(`${site.url}/en/blog`)
  expect(await before.text()).not.toContain('a-scheduled-post')
  // No shared cache may keep the index past the publication time.
  const maxAge = Number(/s-maxage=(\d+)/.exec(before.headers()['cache-control'] ?? '')?.[1]) - Number(before.headers().age ?? 0)
  expect(maxAge).toBeLessThanOrEqual(Math.ceil((goesLiveAt - Date.now()) / 1000) + 2)
  expect((await request.get(`${site.url}/en/blog/a-scheduled-post`)).status()).toBe(404)
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, goesLiveAt - Date.now() + 500)))
  expect((await request.get(`${site.url}/en/blog/a-scheduled-post`)).status()).toBe(200)
  for (const path of ['/en/blog', '/sitemaps/en.xml', '/en/rss.xml']) {
    expect(await (await request.get(`${site.url}${path}`)).text(), path).toContain('a-scheduled-post')
  }
})
