// The editorial interface's hardening (issue 35; the review of 2026-11-28, findings F1–F8 and L1)
// over HTTP and in Chromium, against production servers started as tests/e2e/cms.spec.ts starts its
// own: CMS_ENABLED on a copy of the bundled content in a Git repository of its own, accounts made by
// `npm run cms:user`. One server as deployed behind a proxy (TRUST_PROXY=1), one without.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { startServer, type Started } from './spawn-server'

test.describe.configure({ mode: 'serial' })
test.use({ actionTimeout: 15_000 })

// Ports of this spec (4291–4299; cms.spec.ts has 4310, the default test server E2E_PORT).
const PORT = 4291
const PROXIED_PORT = 4292
const editor = { name: 'maria', password: 'correct horse battery staple' }
const translator = { name: 'eleni', password: 'another long passphrase' }
const greekPost = 'bulgaria-property-market-after-euro-adoption'
const greekPath = `posts/${greekPost}/el.md`
let site: Started
let proxied: Started
let root: string
let content: string
let usersFile: string

const git = (...args: string[]) => execFileSync('git', ['-C', content, ...args], { encoding: 'utf8' })
const blobSha = (bytes: Buffer) => createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex')
const audit = () =>
  readFileSync(`${usersFile}.audit.jsonl`, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)

function cmsUser(args: string[], password?: string) {
  execFileSync('npx', ['tsx', 'scripts/cms-user.ts', ...args], {
    env: { ...process.env, CMS_USERS_FILE: usersFile, CMS_PASSWORD: password ?? '' },
    stdio: 'pipe',
  })
}

test.beforeAll(async () => {
  test.setTimeout(120_000)
  root = mkdtempSync(join(tmpdir(), 'ea-cms-security-'))
  content = join(root, 'content')
  usersFile = join(root, 'accounts.json')
  cpSync('content', content, { recursive: true })
  git('init', '--quiet')
  git('add', '--all')
  git('-c', 'user.name=Seed', '-c', 'user.email=seed@example.com', 'commit', '--quiet', '-m', 'Bundled content')
  cmsUser(['add', editor.name, '--role', 'editor', '--display', 'Maria Editor', '--email', 'maria@example.com'], editor.password)
  cmsUser(
    ['add', translator.name, '--role', 'translator', '--languages', 'el,bg', '--display', 'Eleni Translator', '--email', 'eleni@example.com'],
    translator.password,
  )
  const env = {
    CONTENT_DIR: content,
    CMS_ENABLED: '1',
    CMS_SECRET: 'a-signing-key-for-the-security-tests-0123456789',
    CMS_USERS_FILE: usersFile,
  }
  ;[site, proxied] = await Promise.all([startServer(PORT, env), startServer(PROXIED_PORT, { ...env, TRUST_PROXY: '1' })])
})

test.afterAll(async () => {
  await Promise.all([site?.stop(), proxied?.stop()])
  rmSync(root, { recursive: true, force: true })
})

const signInAttempt = (url: string, name: string, password: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/admin/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: url, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ name, password }),
  })

async function cookieOf(account: { name: string; password: string }): Promise<string> {
  const answer = await signInAttempt(site.url, account.name, account.password)
  expect(answer.status).toBe(303)
  return /ea_admin=([^;]*)/.exec(answer.headers.get('set-cookie') ?? '')![1]
}

const api = (cookie: string, path: string, init: RequestInit = {}) =>
  fetch(`${site.url}${path}`, {
    ...init,
    headers: { cookie: `ea_admin=${cookie}`, 'no-cors': '1', origin: site.url, ...(init.headers as Record<string, string> | undefined) },
  })

async function signIn(page: Page, account: { name: string; password: string }) {
  await page.goto(`${site.url}/admin`)
  await page.getByLabel('Account').fill(account.name)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Translations' })).toBeVisible()
}

const field = (page: Page, name: string | RegExp) => page.getByRole('textbox', { name, exact: true })
const saved = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/keystatic/update'))

async function tab(browser: Browser, account: { name: string; password: string }) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } })
  const page = await context.newPage()
  await signIn(page, account)
  return page
}

test('F1: behind the proxy, a forged first X-Forwarded-For entry does not escape the per-address limit; the log has the real address', async () => {
  const statuses: number[] = []
  for (let i = 1; i <= 25; i++) {
    const answer = await signInAttempt(proxied.url, `nobody${i}`, 'wrong', { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.50` })
    statuses.push(answer.status)
  }
  expect(statuses.slice(0, 20)).toEqual(Array.from({ length: 20 }, () => 401))
  expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429])
  const addresses = new Set(audit().flatMap((l) => (String(l.user).startsWith('nobody') ? [l.address] : [])))
  expect(addresses).toEqual(new Set(['203.0.113.50']))
})

test('F2: 40 parallel wrong passwords for one account: at most 5 are checked, the rest get 429', async () => {
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) => signInAttempt(proxied.url, editor.name, `wrong-${i}`, { 'x-forwarded-for': '192.0.2.40' })),
  )
  const statuses = answers.map((a) => a.status)
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5)
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(35)
  // Every checked password is a "sign-in failed" line.
  expect(audit().filter((l) => l.user === editor.name && l.action === 'sign-in failed').length).toBeLessThanOrEqual(5)
})

test('F3: a traversal through the file API is 400 without touching the file; a FIFO next to the content does not freeze the server', async () => {
  const cookie = await cookieOf(translator)
  for (const path of ['..%2f..%2fetc%2fpasswd', '..%2f..%2f..%2f..%2f..%2f..%2fetc', '%zz', 'posts', `posts%2f..%2f..%2faccounts.json`]) {
    const answer = await api(cookie, `/api/keystatic/blob/0/${path}`)
    expect(answer.status, path).toBe(400)
    const text = await answer.text()
    expect(text, path).not.toContain(root)
    expect(text, path).not.toMatch(/Error|EISDIR|ENOENT/)
  }
  const fifo = join(root, 'fifo')
  execFileSync('mkfifo', [fifo])
  const probe = api(cookie, '/api/keystatic/blob/0/..%2ffifo', { signal: AbortSignal.timeout(5_000) }).then(
    (r) => r.status,
    () => 'no answer',
  )
  const started = Date.now()
  const page = await fetch(`${site.url}/en/blog`, { signal: AbortSignal.timeout(5_000) }).then(
    (r) => r.status,
    () => 'no answer',
  )
  const status = await probe
  // Release a read that should never have started (the code before issue 35 hung here).
  if (status !== 400) writeFileSync(fifo, 'x')
  expect(status).toBe(400)
  expect(page).toBe(200)
  expect(Date.now() - started).toBeLessThan(3_000)
  expect(site.child.exitCode).toBeNull()
})

test('F4: a too-large body is 413, a document of 20,000 paragraphs is refused with a message, and the site stays responsive', async () => {
  const cookie = await cookieOf(translator)
  const file = join(content, greekPath)
  const before = readFileSync(file)
  expect((await api(cookie, `/api/keystatic/blob/${blobSha(before)}/${greekPath}`)).status).toBe(200)
  const save = (body: string) => api(cookie, '/api/keystatic/update', { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  const huge = await save(JSON.stringify({ additions: [{ path: greekPath, contents: 'A'.repeat(9 * 1024 * 1024) }], deletions: [] }))
  expect(huge.status).toBe(413)
  expect(await huge.text()).toMatch(/larger than 2 MB/)
  const text = before.toString('utf8')
  const head = text.slice(0, text.indexOf('\n---\n', 4) + 5)
  const started = Date.now()
  const pagesMeanwhile = fetch(`${site.url}/en/blog`).then((r) => ({ status: r.status, ms: Date.now() - started }))
  const paragraphs = await save(
    JSON.stringify({
      additions: [
        { path: greekPath, contents: Buffer.from(`${head}${Array.from({ length: 20_000 }, (_, i) => `p${i}`).join('\n\n')}`).toString('base64url') },
      ],
      deletions: [],
    }),
  )
  expect([413, 422]).toContain(paragraphs.status)
  expect(await paragraphs.text()).toMatch(/at most|Split it/)
  expect(Date.now() - started).toBeLessThan(3_000)
  expect((await pagesMeanwhile).status).toBe(200)
  expect(readFileSync(file)).toEqual(before)
})

test('F5: after signing out in the browser, a copy of the old cookie gets 401', async ({ browser }) => {
  const page = await tab(browser, translator)
  const cookie = (await page.context().cookies()).find((c) => c.name === 'ea_admin')!.value
  expect((await api(cookie, '/api/keystatic/tree')).status).toBe(200)
  await page.getByRole('button', { name: /sign out/i }).click()
  await expect(page).toHaveURL(/\/admin\/sign-in/)
  expect((await api(cookie, '/api/keystatic/tree')).status).toBe(401)
})

test('F6: two tabs of one session open the same post; the second save, based on the older version, is 409 and the first edit is kept', async ({
  browser,
}) => {
  const first = await tab(browser, translator)
  const second = await first.context().newPage()
  for (const page of [first, second]) {
    await page.goto(`${site.url}/keystatic/collection/posts_el/item/${greekPost}`)
    await expect(field(page, 'Title')).not.toHaveValue('')
  }
  await field(first, 'Summary').fill('Πρώτη καρτέλα: νέα περίληψη.')
  const one = saved(first)
  await first.getByRole('button', { name: 'Save' }).click()
  expect((await one).status()).toBe(200)
  const afterFirst = readFileSync(join(content, greekPath), 'utf8')
  expect(afterFirst).toContain('Πρώτη καρτέλα: νέα περίληψη.')
  await field(second, 'Title').fill('Δεύτερη καρτέλα: νέος τίτλος')
  const two = saved(second)
  await second.getByRole('button', { name: 'Save' }).click()
  expect((await two).status()).toBe(409)
  await expect(second.getByText(/was changed after you opened it by Eleni Translator/).first()).toBeVisible()
  expect(readFileSync(join(content, greekPath), 'utf8')).toBe(afterFirst)
  // The first tab shows the current version: its next save is accepted.
  await field(first, 'Title').fill('Πρώτη καρτέλα: νέος τίτλος')
  const three = saved(first)
  await first.getByRole('button', { name: 'Save' }).click()
  expect((await three).status()).toBe(200)
  const now = readFileSync(join(content, greekPath), 'utf8')
  expect(now).toContain('Πρώτη καρτέλα: νέα περίληψη.')
  expect(now).toContain('Πρώτη καρτέλα: νέος τίτλος')
})

test('F7: when Git cannot commit, the editor sees an error, and nothing is left written or uncommitted', async ({ browser }) => {
  const file = join(content, 'posts', greekPost, 'bg.md')
  const before = readFileSync(file, 'utf8')
  const page = await tab(browser, translator)
  await page.goto(`${site.url}/keystatic/collection/posts_bg/item/${greekPost}`)
  await expect(field(page, 'Title')).not.toHaveValue('')
  await field(page, 'Summary').fill('Запазване, докато Git е заключен.')
  writeFileSync(join(content, '.git', 'index.lock'), '')
  try {
    const answer = saved(page)
    await page.getByRole('button', { name: 'Save' }).click()
    expect((await answer).status()).toBe(503)
    await expect(page.getByText(/could not be recorded in the repository/).first()).toBeVisible()
  } finally {
    rmSync(join(content, '.git', 'index.lock'))
  }
  expect(readFileSync(file, 'utf8')).toBe(before)
  expect(git('status', '--porcelain')).toBe('')
  expect(audit().some((l) => l.user === translator.name && l.action === 'save failed' && l.status === 503)).toBe(true)
})

test('every refusal is in the audit log: 401, 403, 409, 413, 422', async () => {
  const cookie = await cookieOf(translator)
  const update = (body: unknown, headers: Record<string, string> = {}) =>
    api(cookie, '/api/keystatic/update', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  const bytes = readFileSync(join(content, greekPath))
  const contents = (text: string) => Buffer.from(text).toString('base64url')
  expect((await fetch(`${site.url}/api/keystatic/tree`, { headers: { 'no-cors': '1' } })).status).toBe(401)
  expect((await update({ additions: [{ path: `posts/${greekPost}/de.md`, contents: contents(bytes.toString()) }], deletions: [] })).status).toBe(403)
  expect((await api(cookie, `/api/keystatic/blob/${blobSha(bytes)}/${greekPath}`)).status).toBe(200)
  const badSlug = bytes.toString('utf8').replace(/^slug: .*$/m, 'slug: "Κακό slug!"')
  expect((await update({ additions: [{ path: greekPath, contents: contents(badSlug) }], deletions: [] })).status).toBe(422)
  const stale = { 'x-ea-base-versions': encodeURIComponent(JSON.stringify({ [greekPath]: '0'.repeat(40) })) }
  expect(
    (await update({ additions: [{ path: greekPath, contents: contents(`${bytes.toString('utf8')}\nMore.\n`) }], deletions: [] }, stale)).status,
  ).toBe(409)
  expect((await update({ additions: [{ path: greekPath, contents: 'A'.repeat(3 * 1024 * 1024) }], deletions: [] })).status).toBe(413)
  const refused = audit().filter((l) => typeof l.status === 'number')
  for (const status of [401, 403, 409, 413, 422])
    expect(
      refused.some((l) => l.status === status),
      String(status),
    ).toBe(true)
  expect(refused.find((l) => l.status === 409)).toMatchObject({ user: translator.name, action: 'save refused', path: '/api/keystatic/update' })
})
