import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { segments } from '../../src/i18n/segments'
import { startServer, type Started } from './spawn-server'
import { createPostgresDatabase, postgresUrl } from '../../server/readers/test-database'
import { startSmtp, type ReceivedMail, type TestSmtp } from '../../server/readers/test-smtp'

const newsletterPath = (locale: 'el') => `/${locale}/${segments.newsletter[locale]}`

// The newsletter end to end (issue 39): a real SMTP server on 127.0.0.1, the production server, and
// `npm run digest` as an operator runs it, on a copy of the bundled content and a fresh DATA_DIR.
const PORT = 4331
const secret = 'newsletter-test-secret-of-at-least-32-characters'
const greek = JSON.parse(readFileSync('messages/el.json', 'utf8')) as Record<string, string>

test.describe.configure({ mode: 'serial' })
test.setTimeout(120_000)

let smtp: TestSmtp
let server: Started
let dir: string
let database: { DATABASE_URL?: string } = {}
const received: ReceivedMail[] = []
const env = () => ({
  DATA_DIR: join(dir, 'data'),
  // On PostgreSQL when a test cluster is given (validate.ts runs this file on both stores).
  ...database,
  CONTENT_DIR: join(dir, 'content'),
  READERS_SECRET: secret,
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Estate Atlas <news@example.com>',
  // Behind a proxy, as in production: a test stands for another reader by the address it forwards.
  TRUST_PROXY: '1',
  LOG_REQUESTS: '0',
})

/** `npm run digest` as an operator runs it (not spawnSync: the SMTP server answers from this process). */
function digest(
  extra: Record<string, string> = {},
  started?: (child: ReturnType<typeof spawn>) => void,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/digest.ts'], {
      env: { ...process.env, ...env(), SITE_URL: `http://127.0.0.1:${PORT}`, NODE_ENV: 'production', ...extra },
    })
    started?.(child)
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr.on('data', (d: Buffer) => (output += d.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

/** A header's raw value (mailparser folds the List-* headers into an object of its own). */
const header = (r: ReceivedMail, name: string) =>
  r.mail.headerLines
    .find((h) => h.key === name)
    ?.line.replace(/^[^:]+:\s*/, '')
    .replace(/\r?\n\s+/g, ' ') ?? ''
const mailsTo = (address: string) => received.filter((r) => r.to.includes(address))
const linkIn = (r: ReceivedMail, pattern: RegExp) => (r.mail.text ?? '').match(pattern)?.[0] ?? ''

/** A new post about a country, in Greek, published now: after every step before it (times in the files are to the second). */
async function greekPost(slug: string, country: string) {
  await new Promise((resolve) => setTimeout(resolve, 1100))
  const file = join(dir, 'content', 'posts', slug, 'el.md')
  mkdirSync(join(dir, 'content', 'posts', slug), { recursive: true })
  const en = file.replace(/el\.md$/, 'en.md')
  const front = (title: string, s: string) =>
    `---\ntitle: "${title}"\nslug: "${s}"\nmeta: "Νέοι κανόνες για αγοραστές."\nsummary: "Τι αλλάζει για τους αγοραστές."\nmetaKeywords: ["ακίνητα"]\ncountry: "${country}"\npublishedAt: "${new Date(Math.floor(Date.now() / 1000) * 1000).toISOString().replace(/\.\d+Z$/, 'Z')}"\nauthor: "Estate Atlas Editors"\n---\nΚείμενο του άρθρου για τους αναγνώστες μας.\n`
  writeFileSync(en, front('New rules for buyers', slug).replace('Κείμενο του άρθρου για τους αναγνώστες μας.', 'The article’s text for our readers.'))
  writeFileSync(file, front('Νέοι κανόνες για αγοραστές', `${slug}-el`))
  return `/el/blog/${slug}-el`
}

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ea-newsletter-'))
  cpSync('content', join(dir, 'content'), { recursive: true })
  database = postgresUrl ? { DATABASE_URL: (await createPostgresDatabase('newsletter')).url } : {}
  smtp = await startSmtp({ received })
  server = await startServer(PORT, env())
})

test.afterAll(async () => {
  await server?.stop()
  await smtp?.stop()
  rmSync(dir, { recursive: true, force: true })
})

test('a Greek sign-up without JavaScript: a Greek answer, one confirmation mail with RFC 8058 headers, nothing else until it is followed', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  const path = newsletterPath('el')
  await page.goto(`${server.url}${path}`)
  await page.locator('#nl-page-email').fill('reader.gr@example.com')
  await page.locator('form.nl-form').first().locator('input[value="GR"]').check()
  await page.locator('form.nl-form').first().locator('input[value="all"]').uncheck()
  await page.locator('form.nl-form').first().getByRole('button', { name: greek.nl_submit }).click()
  await expect(page.locator('h1')).toHaveText(greek.nl_check_inbox_title)
  await expect(page.locator('html')).toHaveAttribute('lang', 'el')
  await expect.poll(() => mailsTo('reader.gr@example.com').length, { timeout: 20_000 }).toBe(1)
  // The store this run uses: PostgreSQL when a test database is given, else the SQLite file.
  expect(existsSync(join(dir, 'data', 'readers.sqlite'))).toBe(!process.env.TEST_DATABASE_URL)
  const [confirm] = mailsTo('reader.gr@example.com')
  expect(confirm.mail.subject).toBe(greek.mail_confirm_subject)
  expect(header(confirm, 'list-unsubscribe')).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/readers\/unsubscribe\?t=[^>]+>/)
  expect(header(confirm, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
  expect(confirm.mail.text).toContain('Ελλάδα')

  // A reader of Spain only, confirmed the same way.
  await page.goto(`${server.url}${path}`)
  await page.locator('#nl-page-email').fill('reader.es@example.com')
  await page.locator('form.nl-form').first().locator('input[value="ES"]').check()
  await page.locator('form.nl-form').first().locator('input[value="all"]').uncheck()
  await page.locator('form.nl-form').first().getByRole('button', { name: greek.nl_submit }).click()
  await expect.poll(() => mailsTo('reader.es@example.com').length, { timeout: 20_000 }).toBe(1)

  // A known and an unknown address get the same answer, and the known one no second mail.
  const answer = async (email: string) => {
    const response = await page.request.post(`${server.url}${path}`, { form: { action: 'subscribe', email, countries: 'GR', frequency: 'changes' } })
    return { status: response.status(), title: (await response.text()).match(/<h1[^>]*>([^<]*)</)?.[1] }
  }
  expect(await answer('reader.gr@example.com')).toEqual(await answer('someone.new@example.com'))
  await page.waitForTimeout(1000)
  expect(mailsTo('reader.gr@example.com')).toHaveLength(1)

  // Following the links confirms (the page asks first: a link checker opening it confirms nothing).
  for (const address of ['reader.gr@example.com', 'reader.es@example.com']) {
    await page.goto(linkIn(mailsTo(address)[0], /http:\/\/\S+state=confirm\S+/))
    await expect(page.locator('h1')).toHaveText(greek.nl_confirm_title)
    await page.getByRole('button', { name: greek.nl_confirm_button }).click()
    await expect(page.locator('h1')).toHaveText(greek.nl_confirmed_title)
  }
  await context.close()
})

test('a new Greek post about Greece: one digest to the Greece reader with its Greek URL, none to the Spain reader; one-click unsubscribe stops the next', async ({
  request,
}) => {
  const before = received.length
  const postPath = await greekPost('new-rules-for-buyers-in-greece', 'GR')
  const first = await digest()
  expect(first.code, first.output).toBe(0)
  const digests = received.slice(before)
  expect(
    digests.map((r) => r.to[0]),
    first.output,
  ).toEqual(['reader.gr@example.com'])
  expect(digests[0].mail.text).toContain(`http://127.0.0.1:${PORT}${postPath}`)
  expect(header(digests[0], 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')

  // Run again: the same period, no second mail.
  expect((await digest()).code).toBe(0)
  expect(received.length).toBe(before + 1)

  // The one-click POST (RFC 8058) from the header.
  const oneClick = header(digests[0], 'list-unsubscribe').match(/<(http[^>]+)>/)?.[1] ?? ''
  const response = await request.post(oneClick, { form: { 'List-Unsubscribe': 'One-Click' } })
  expect(response.status()).toBe(200)
  await greekPost('more-rules-for-buyers-in-greece', 'GR')
  expect((await digest()).code).toBe(0)
  expect(received.length).toBe(before + 1)
})

test('SMTP down during the digest: nothing lost; back up and run again, each due reader gets exactly one mail', async ({ browser }) => {
  // A new reader of Spain, confirmed, and a new Greek post about Spain.
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`${server.url}${newsletterPath('el')}`)
  await page.locator('#nl-page-email').fill('second.es@example.com')
  await page.locator('form.nl-form').first().getByRole('button', { name: greek.nl_submit }).click()
  await expect.poll(() => mailsTo('second.es@example.com').length, { timeout: 20_000 }).toBe(1)
  await page.goto(linkIn(mailsTo('second.es@example.com')[0], /http:\/\/\S+state=confirm\S+/))
  await page.getByRole('button', { name: greek.nl_confirm_button }).click()
  await expect(page.locator('h1')).toHaveText(greek.nl_confirmed_title)
  await context.close()
  await greekPost('new-rules-for-buyers-in-spain', 'ES')

  const port = smtp.port
  await smtp.stop()
  const down = await digest()
  expect(down.code, down.output).toBe(1)
  expect(down.output).toMatch(/to retry 2/)
  smtp = await startSmtp({ port, received })
  const before = received.length
  const again = await digest()
  expect(again.code, again.output).toBe(0)
  const sent = received
    .slice(before)
    .map((r) => r.to[0])
    .sort()
  expect(sent).toEqual(['reader.es@example.com', 'second.es@example.com'])
})

test('the sign-up on a guide: its country ticked, sent in place with JavaScript, and without it answered by the newsletter page', async ({
  browser,
}) => {
  const guide = `${server.url}/el/blog/chores/ellada`
  const form = (page: import('@playwright/test').Page) => page.locator('form:has(#nl-guide-title)')
  // Another reader's connection: the sign-ups above used up this one's allowance (5 in 10 minutes).
  const elsewhere = { extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.20' } }
  const withScript = await (await browser.newContext(elsewhere)).newPage()
  await withScript.goto(guide)
  await withScript.locator('html[data-hydrated]').waitFor()
  await expect(form(withScript).locator('#nl-guide-title')).toHaveText(greek.nl_follow_country.replace('{name}', 'Ελλάδα'))
  await expect(form(withScript).locator('input[value="GR"]')).toBeChecked()
  await expect(form(withScript).locator('input[value="all"]')).not.toBeChecked()
  await form(withScript).getByLabel(greek.nl_email).fill('guide.reader@example.com')
  await form(withScript).getByRole('button', { name: greek.nl_submit }).click()
  await expect(form(withScript).getByRole('status')).toHaveText(greek.nl_check_inbox)
  expect(withScript.url()).toBe(guide)
  await expect.poll(() => mailsTo('guide.reader@example.com').length, { timeout: 20_000 }).toBe(1)
  expect(mailsTo('guide.reader@example.com')[0].mail.text).toContain('Ελλάδα')
  expect(mailsTo('guide.reader@example.com')[0].mail.text).not.toContain('Ισπανία')
  // The footer's form on every page is sent in place the same way.
  const footer = withScript.locator('form:has(#nl-footer-title)')
  await footer.getByLabel(greek.nl_email).fill('footer.reader@example.com')
  await footer.getByRole('button', { name: greek.nl_submit }).click()
  await expect(footer.getByRole('status')).toHaveText(greek.nl_check_inbox)
  await expect.poll(() => mailsTo('footer.reader@example.com').length, { timeout: 20_000 }).toBe(1)
  await withScript.context().close()

  const context = await browser.newContext({ ...elsewhere, javaScriptEnabled: false })
  const plain = await context.newPage()
  await plain.goto(guide)
  await form(plain).getByLabel(greek.nl_email).fill('guide.plain@example.com')
  await form(plain).getByRole('button', { name: greek.nl_submit }).click()
  await expect(plain.locator('h1')).toHaveText(greek.nl_check_inbox_title)
  await context.close()
})

test('a digest run killed mid-send: nothing lost, nothing twice; the mail it held goes out once its lease has passed', async ({ request }) => {
  // Two new readers of Italy (the Spain readers had today's digest already), confirmed, and a new post about Italy.
  const readers = ['first.it@example.com', 'second.it@example.com']
  for (const [i, email] of readers.entries()) {
    const from = { origin: server.url, 'x-forwarded-for': `198.51.100.${30 + i}` }
    const path = `${server.url}${newsletterPath('el')}`
    await request.post(path, { headers: from, form: { action: 'subscribe', email, countries: 'IT', frequency: 'changes' } })
    await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(1)
    const t = new URL(linkIn(mailsTo(email)[0], /http:\/\/\S+state=confirm\S+/)).searchParams.get('t') ?? ''
    expect((await request.post(path, { headers: from, form: { action: 'confirm', t } })).status()).toBe(200)
  }
  await greekPost('italy-changes-its-rental-tax', 'IT')
  const port = smtp.port
  await smtp.stop()
  // The SMTP server holds the first recipient, so the run is killed mid-send, before any mail is taken.
  let recipientSeen: () => void = () => {}
  const seen = new Promise<void>((resolve) => (recipientSeen = resolve))
  smtp = await startSmtp({ port, received, onRecipient: () => (recipientSeen(), new Promise(() => {})) })
  const before = received.length
  const lease = { MAIL_LEASE_SECONDS: '3' }
  const killed = await digest(lease, (child) => void seen.then(() => child.kill('SIGKILL')))
  expect(killed.code, killed.output).toBeNull()
  expect(received.length).toBe(before)

  await smtp.stop()
  smtp = await startSmtp({ port, received })
  // Run again at once: the mail not yet claimed goes; the held one waits out its lease (3 s here) ...
  const first = await digest(lease)
  expect(first.code, first.output).toBe(0)
  expect(received.length).toBe(before + 1)
  await new Promise((resolve) => setTimeout(resolve, 3_500))
  // ... and then goes, once; a third run sends nothing.
  expect((await digest(lease)).code).toBe(0)
  expect((await digest(lease)).code).toBe(0)
  const sent = received
    .slice(before)
    .map((r) => r.to[0])
    .sort()
  expect(sent).toEqual(readers)
})
