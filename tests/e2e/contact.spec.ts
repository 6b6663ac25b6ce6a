// The contact and partner forms end to end (issue 39): the production server with a real SMTP
// server on 127.0.0.1, the editorial interface on (an editor and a translator), a copy of the
// bundled content and a fresh store: SQLite by default, PostgreSQL when TEST_DATABASE_URL is set.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { segments } from '../../src/i18n/segments'
import { startServer, type Started } from './spawn-server'
import { createPostgresDatabase, postgresUrl } from '../../server/readers/test-database'
import { startSmtp, type ReceivedMail, type TestSmtp } from '../../server/readers/test-smtp'

const PORT = 4332
const messages = (locale: string) => JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as Record<string, string>
const greek = messages('el')
const bulgarian = messages('bg')
const editor = { name: 'maria', password: 'a long editor passphrase', email: 'maria.editor@example.com' }
const translator = { name: 'eleni', password: 'another long passphrase', email: 'eleni.translator@example.com' }

test.describe.configure({ mode: 'serial' })
test.setTimeout(120_000)

let smtp: TestSmtp
let server: Started
let dir: string
const received: ReceivedMail[] = []
const mailsTo = (address: string) => received.filter((r) => r.to.includes(address))

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ea-contact-'))
  cpSync('content', join(dir, 'content'), { recursive: true })
  const usersFile = join(dir, 'accounts.json')
  const cmsUser = (args: string[], password: string) =>
    execFileSync('npx', ['tsx', 'scripts/cms-user.ts', ...args], {
      env: { ...process.env, CMS_USERS_FILE: usersFile, CMS_PASSWORD: password },
      stdio: 'pipe',
    })
  cmsUser(['add', editor.name, '--role', 'editor', '--display', 'Maria Editor', '--email', editor.email], editor.password)
  cmsUser(
    ['add', translator.name, '--role', 'translator', '--languages', 'el', '--display', 'Eleni', '--email', translator.email],
    translator.password,
  )
  smtp = await startSmtp({ received })
  server = await startServer(PORT, {
    DATA_DIR: join(dir, 'data'),
    ...(postgresUrl ? { DATABASE_URL: (await createPostgresDatabase('contact')).url } : {}),
    CONTENT_DIR: join(dir, 'content'),
    READERS_SECRET: 'contact-test-secret-of-at-least-32-characters',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Estate Atlas <news@example.com>',
    CMS_ENABLED: '1',
    CMS_SECRET: 'a-signing-key-for-the-contact-tests-0123456789',
    CMS_USERS_FILE: usersFile,
    FORMS_ALLOWED_ORIGINS: 'https://static.example',
    LOG_REQUESTS: '0',
  })
})

test.afterAll(async () => {
  await server?.stop()
  await smtp?.stop()
  rmSync(dir, { recursive: true, force: true })
})

/** An editorial session's cookie, signed in with the form as a browser does. */
async function signIn(account: { name: string; password: string }): Promise<string> {
  const answer = await fetch(`${server.url}/admin/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: account.name, password: account.password }),
  })
  expect(answer.status).toBe(303)
  return (answer.headers.get('set-cookie') ?? '').split(';')[0]
}

test('the Greek contact form without JavaScript: stored, the editor notified, a Greek acknowledgement, in the editor’s inbox and not a translator’s', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  const path = `/el/${segments.contact.el}`
  await page.goto(`${server.url}${path}`)
  await page.getByLabel(greek.cf_name, { exact: true }).fill('Μαρία Παπαδοπούλου')
  await page.getByLabel(greek.cf_email, { exact: true }).fill('maria.reader@example.com')
  await page.getByLabel(greek.cf_topic, { exact: true }).selectOption('correction')
  await page.getByLabel(greek.cf_message, { exact: true }).fill('Ο φόρος μεταβίβασης στον οδηγό για την Ελλάδα είναι 3%, όχι 3,09%.')
  // A refusal keeps what was written: the consent box is left unticked once (the browser would
  // stop the form; the check is removed to reach the server as a robot or an old browser would).
  await page.locator('input[name="consent"]').evaluate((box) => box.removeAttribute('required'))
  await page.getByRole('button', { name: greek.cf_submit }).click()
  await expect(page.getByRole('alert')).toContainText(greek.cf_error_fields)
  await expect(page.getByLabel(greek.cf_message, { exact: true })).toHaveValue(/όχι 3,09%/)
  await page.locator('input[name="consent"]').check()
  await page.getByRole('button', { name: greek.cf_submit }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'el')
  await expect(page.getByRole('status').first()).toContainText(greek.cf_sent)
  await context.close()

  await expect.poll(() => mailsTo('maria.reader@example.com').length, { timeout: 20_000 }).toBe(1)
  // The store this run uses: PostgreSQL when a test database is given, else the SQLite file.
  expect(existsSync(join(dir, 'data', 'readers.sqlite'))).toBe(!process.env.TEST_DATABASE_URL)
  const [ack] = mailsTo('maria.reader@example.com')
  expect(ack.mail.subject).toBe(greek.mail_ack_subject)
  expect(ack.mail.text).toContain('Μαρία Παπαδοπούλου')
  await expect.poll(() => mailsTo(editor.email).length, { timeout: 20_000 }).toBe(1)
  expect(mailsTo(editor.email)[0].mail.text).toContain(`${server.url}/admin/inbox`)
  // A translator is not an editor: no notice.
  expect(mailsTo(translator.email)).toHaveLength(0)

  const inbox = await fetch(`${server.url}/admin/inbox`, { headers: { cookie: await signIn(editor) } })
  expect(inbox.status).toBe(200)
  const listed = await inbox.text()
  expect(listed).toContain('Μαρία Παπαδοπούλου')
  expect(listed).toContain('όχι 3,09%')
  const refused = await fetch(`${server.url}/admin/inbox`, { headers: { cookie: await signIn(translator) } })
  expect(refused.status).toBe(403)
  expect(await refused.text()).not.toContain('Μαρία Παπαδοπούλου')
})

test('the partner form with JavaScript in Bulgarian: the proof of work is solved, the message sent in place', async ({ page }) => {
  await page.goto(`${server.url}/bg/${segments.partner.bg}`)
  await page.getByLabel(bulgarian.cf_name, { exact: true }).fill('Иван Петров')
  await page.getByLabel(bulgarian.cf_email, { exact: true }).fill('ivan@example.com')
  await expect(page.getByLabel(bulgarian.cf_topic, { exact: true })).toHaveValue('partnership')
  await page.getByLabel(bulgarian.cf_message, { exact: true }).fill('Адвокат в София, предлагам преглед на ръководството за България.')
  await page.locator('input[name="consent"]').check()
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/bg/${segments.partner.bg}`))
  await page.getByRole('button', { name: bulgarian.cf_submit }).click()
  expect((await posted).postData() ?? '').toContain('name="altcha"')
  await expect(page.locator('#cf-title ~ form [role="status"]')).toHaveText(bulgarian.cf_sent, { timeout: 60_000 })
  await expect(page.getByLabel(bulgarian.cf_message, { exact: true })).toHaveValue('')
  await expect.poll(() => mailsTo('ivan@example.com').length, { timeout: 20_000 }).toBe(1)
  expect(mailsTo('ivan@example.com')[0].mail.subject).toBe(bulgarian.mail_ack_subject)
})

test('30 posts from one address in a minute are limited, with a localized 429', async ({ request }) => {
  const path = `/el/${segments.contact.el}`
  // A static export built to post here (FORMS_ALLOWED_ORIGINS) may send the form and read the answer.
  const fromStatic = await request.post(`${server.url}${path}`, {
    headers: { origin: 'https://static.example', accept: 'application/json' },
    form: { name: 'Static reader', email: 'static@example.com', topic: 'question', message: 'From the static site.', consent: 'yes' },
  })
  expect(fromStatic.status()).toBe(200)
  expect(fromStatic.headers()['access-control-allow-origin']).toBe('https://static.example')
  expect(await fromStatic.json()).toEqual({ state: 'sent', message: greek.cf_sent })
  const statuses: number[] = []
  for (let i = 0; i < 30; i++) {
    const response = await request.post(`${server.url}${path}`, {
      headers: { origin: server.url },
      form: { name: 'Robot', email: `robot${i}@example.com`, topic: 'other', message: `Message ${i}`, consent: 'yes' },
    })
    statuses.push(response.status())
    if (response.status() === 429) expect(await response.text()).toContain(greek.cf_error_limit)
  }
  expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(10)
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20)
  // Another site's page cannot send the form.
  const foreign = await request.post(`${server.url}${path}`, {
    headers: { origin: 'https://elsewhere.example' },
    form: { name: 'X', email: 'x@example.com', topic: 'other', message: 'x', consent: 'yes' },
  })
  expect(foreign.status()).toBe(403)
})
