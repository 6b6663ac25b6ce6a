// The editorial interface (issue 26) in Chromium, against a server started with CMS_ENABLED on a
// copy of the bundled content in a Git repository of its own, with an editor and a translator
// (el, bg) made by `npm run cms:user`. The default test server (admin off) answers 404.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { startServer, type Started } from './spawn-server'

test.describe.configure({ mode: 'serial' })
test.use({ actionTimeout: 15_000 })

const PORT = 4310
const token = 'preview-token-for-the-cms-tests'
const editor = { name: 'maria', password: 'correct horse battery staple' }
const translator = { name: 'eleni', password: 'another long passphrase' }
const greekPost = 'bulgaria-property-market-after-euro-adoption'
const newKey = 'lisbon-short-lets-2027'
let site: Started
let root: string
let content: string
let usersFile: string
let goesLiveAt: number

const git = (...args: string[]) => execFileSync('git', ['-C', content, ...args], { encoding: 'utf8' })

function cmsUser(args: string[], password?: string) {
  execFileSync('npx', ['tsx', 'scripts/cms-user.ts', ...args], {
    env: { ...process.env, CMS_USERS_FILE: usersFile, CMS_PASSWORD: password ?? '' },
    stdio: 'pipe',
  })
}

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ea-cms-'))
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
  cmsUser(['add', 'locked', '--role', 'editor', '--display', 'Locked Out', '--email', 'locked@example.com'], 'a password nobody types')
  site = await startServer(PORT, {
    CONTENT_DIR: content,
    PREVIEW_TOKEN: token,
    CMS_ENABLED: '1',
    CMS_SECRET: 'a-signing-key-for-the-browser-tests-0123456789',
    CMS_USERS_FILE: usersFile,
  })
})

test.afterAll(async () => {
  await site?.stop()
  rmSync(root, { recursive: true, force: true })
})

async function signIn(page: Page, account: { name: string; password: string }) {
  await page.goto(`${site.url}/admin`)
  await expect(page).toHaveURL(/\/admin\/sign-in/)
  await page.getByLabel('Account').fill(account.name)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Translations' })).toBeVisible()
}

async function newSession(browser: Browser, account: { name: string; password: string }) {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage()
  await signIn(page, account)
  return page
}

/** Selects `text` inside the editor's body, so that typing replaces it. */
async function selectInBody(page: Page, text: string) {
  const editorBody = field(page, 'Text')
  await expect(editorBody).toContainText(text)
  await editorBody.evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = (node as Text).data.indexOf(wanted)
      if (at < 0) continue
      const range = document.createRange()
      range.setStart(node, at)
      range.setEnd(node, at + wanted.length)
      getSelection()?.removeAllRanges()
      getSelection()?.addRange(range)
      return
    }
  }, text)
}

/** A field of Keystatic's form, by its label (required fields' labels end in an asterisk outside the name). */
const field = (page: Page, name: string | RegExp) => page.getByRole('textbox', { name, exact: true })

const saved = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/keystatic/update'))

test('with the admin off, every admin path answers 404', async ({ request }) => {
  for (const path of ['/admin', '/admin/sign-in', '/keystatic', '/keystatic/collection/posts_en', '/api/keystatic/tree']) {
    expect((await request.get(path)).status(), path).toBe(404)
  }
  expect((await request.post('/api/keystatic/update', { data: { additions: [], deletions: [] } })).status()).toBe(404)
  expect((await request.post('/admin/sign-in', { form: { name: 'x', password: 'y' } })).status()).toBe(404)
})

test('with it on, it asks for sign-in; no write passes without a session or from another origin', async ({ request }) => {
  const admin = await request.get(`${site.url}/admin`, { maxRedirects: 0 })
  expect(admin.status()).toBe(303)
  expect(admin.headers().location).toBe('/admin/sign-in?next=%2Fadmin')
  const form = await request.get(`${site.url}/admin/sign-in`)
  expect(form.headers()['cache-control']).toBe('no-store')
  expect(form.headers()['x-robots-tag']).toContain('noindex')
  expect(form.headers()['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'")
  // Public pages keep the site's strict policy.
  expect((await request.get(`${site.url}/en/blog`)).headers()['content-security-policy']).toContain("style-src 'self';")
  const write = { data: { additions: [], deletions: [] }, headers: { origin: site.url, 'no-cors': '1' } }
  const anonymous = await request.post(`${site.url}/api/keystatic/update`, write)
  expect(anonymous.status()).toBe(401)
  expect(await anonymous.text()).toMatch(/Sign in first/)
  expect((await request.get(`${site.url}/api/keystatic/tree`, { headers: { 'no-cors': '1' } })).status()).toBe(401)
  const crossSite = await request.post(`${site.url}/api/keystatic/update`, {
    ...write,
    headers: { origin: 'https://attacker.example', 'no-cors': '1' },
  })
  expect(crossSite.status()).toBe(403)
  const crossSiteSignIn = await request.post(`${site.url}/admin/sign-in`, {
    form: { name: editor.name, password: editor.password },
    headers: { origin: 'https://attacker.example' },
  })
  expect(crossSiteSignIn.status()).toBe(403)
})

test('sign-in: a wrong password is refused, repeated attempts are limited, a session cookie is HttpOnly, Secure and SameSite=Strict', async ({
  request,
  page,
}) => {
  const attempt = (password: string) =>
    request.post(`${site.url}/admin/sign-in`, { form: { name: 'locked', password, next: '/admin' }, headers: { origin: site.url }, maxRedirects: 0 })
  for (let i = 0; i < 5; i++) expect((await attempt(`wrong password ${i}`)).status()).toBe(401)
  const limited = await attempt('a password nobody types')
  expect(limited.status()).toBe(429)
  expect(await limited.text()).toContain('Too many attempts')
  const ok = await request.post(`${site.url}/admin/sign-in`, {
    form: { name: editor.name, password: editor.password },
    headers: { origin: site.url },
    maxRedirects: 0,
  })
  expect(ok.status()).toBe(303)
  const [pair, ...attributes] = ok.headers()['set-cookie'].split('; ')
  expect(pair).toMatch(/^ea_admin=[\w-]+\.[\w-]+$/)
  expect(attributes.sort()).toEqual(['HttpOnly', expect.stringMatching(/^Max-Age=\d+$/), 'Path=/', 'SameSite=Strict', 'Secure'])
  await signIn(page, editor)
  expect(readFileSync(`${usersFile}.audit.jsonl`, 'utf8')).toMatch(/"user":"locked","action":"sign-in failed"/)
})

test('an editor writes an English post and schedules it; a translator (el, bg) translates it, previews the draft, is refused German; it appears at its time in both', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000)
  const maria = await newSession(browser, editor)
  await maria.goto(`${site.url}/keystatic/collection/posts_en/create`)
  await field(maria, 'Title').fill('Short lets in Lisbon in 2027')
  await field(maria, /^Post key/).fill(newKey)
  await field(maria, 'URL slug').fill('short-lets-in-lisbon-2027')
  await field(maria, 'Meta description').fill('What the 2027 rules mean for short-term rentals in Lisbon: licences, taxes and yields.')
  await field(maria, 'Summary').fill('Lisbon tightened its short-let licences again. What an investor needs to know before buying a flat to let.')
  await field(maria, 'Country').fill('PT')
  // 45 seconds from now, to the second, written with its zone as an editor would.
  goesLiveAt = Math.ceil((Date.now() + 45_000) / 1000) * 1000
  const at = new Date(goesLiveAt + 3600_000).toISOString().replace(/\.\d{3}Z$/, '+01:00')
  await field(maria, 'Published at').fill(at)
  await field(maria, 'Author').fill('Estate Atlas Editors')
  await field(maria, 'Text').locator('p').first().click()
  await maria.keyboard.type('Licences for short lets in Lisbon changed in 2027. This post explains what changed for investors.')
  await maria.getByRole('button', { name: 'Add' }).first().click()
  await field(maria, 'Keyword').fill('lisbon short lets')
  await maria.getByRole('dialog').getByRole('button', { name: 'Add' }).click()
  await expect(maria.getByRole('dialog')).toBeHidden()
  const created = saved(maria)
  await maria.getByRole('button', { name: 'Create' }).click()
  expect((await created).status()).toBe(200)
  const english = readFileSync(join(content, 'posts', newKey, 'en.md'), 'utf8')
  expect(english).toContain(`publishedAt: ${at}`)
  expect(git('log', '-1', '--format=%an <%ae>|%s')).toBe(
    `Maria Editor <maria@example.com>|save: posts/${newKey}/en.md (title, slug, meta, summary, metaKeywords, country, publishedAt, author, body)\n`,
  )
  // Scheduled: readers do not see it yet.
  expect((await request.get(`${site.url}/en/blog/short-lets-in-lisbon-2027`)).status()).toBe(404)

  const eleni = await newSession(browser, translator)
  const row = eleni.locator(`tr[data-key="${newKey}"]`)
  await expect(row.locator('td[data-locale="en"]')).toHaveAttribute('data-status', 'scheduled')
  await expect(row.locator('td[data-locale="de"] button')).toHaveCount(0)
  await row.locator('td[data-locale="el"]').getByRole('button', { name: 'Start' }).click()
  await expect(eleni).toHaveURL(new RegExp(`/keystatic/collection/posts_el/item/${newKey}$`))
  const draft = readFileSync(join(content, 'posts', newKey, 'el.md'), 'utf8')
  expect(draft).toContain('draft: true')
  expect(draft).toContain(`publishedAt: ${at}`)
  await field(eleni, 'Title').fill('Βραχυχρόνιες μισθώσεις στη Λισαβόνα το 2027')
  await field(eleni, 'URL slug').fill('vrachychronies-misthoseis-lisavona-2027')
  await selectInBody(eleni, 'This post explains what changed for investors.')
  await eleni.keyboard.type('Εξηγούμε τι άλλαξε για τους επενδυτές.')
  const translated = saved(eleni)
  await eleni.getByRole('button', { name: 'Save' }).click()
  expect((await translated).status()).toBe(200)
  expect(git('log', '-1', '--format=%an')).toBe('Eleni Translator\n')

  // The draft in a preview, from the grid; readers still get 404.
  await eleni.goto(`${site.url}/admin`)
  await row.locator('td[data-locale="el"]').getByRole('link', { name: 'preview' }).click()
  await expect(eleni).toHaveURL(`${site.url}/el/blog/vrachychronies-misthoseis-lisavona-2027`)
  await expect(eleni.getByTestId('draft-notice')).toBeVisible()
  await expect(eleni.locator('h1')).toHaveText('Βραχυχρόνιες μισθώσεις στη Λισαβόνα το 2027')
  expect((await request.get(`${site.url}/el/blog/vrachychronies-misthoseis-lisavona-2027`)).status()).toBe(404)

  // German is not hers: the server refuses, whatever the interface offers.
  const german = await eleni.request.post(`${site.url}/admin/translations`, { form: { key: newKey, locale: 'de' }, headers: { origin: site.url } })
  expect(german.status()).toBe(403)
  expect(await german.text()).toContain('may write el, bg; posts/lisbon-short-lets-2027/de.md is in de')
  const englishAgain = Buffer.from(english.replace('changed in 2027', 'changed twice in 2027')).toString('base64url')
  const viaApi = await eleni.request.post(`${site.url}/api/keystatic/update`, {
    data: { additions: [{ path: `posts/${newKey}/de.md`, contents: englishAgain }], deletions: [] },
    headers: { origin: site.url, 'no-cors': '1' },
  })
  expect(viaApi.status()).toBe(403)

  // She publishes her Greek (an unticked draft) for the same time as the English.
  await eleni.goto(`${site.url}/keystatic/collection/posts_el/item/${newKey}`)
  await eleni.getByRole('checkbox', { name: /^Draft/ }).uncheck()
  const published = saved(eleni)
  await eleni.getByRole('button', { name: 'Save' }).click()
  expect((await published).status()).toBe(200)
  expect(readFileSync(join(content, 'posts', newKey, 'el.md'), 'utf8')).not.toContain('draft:')

  // At its time both appear, with no restart.
  await expect
    .poll(async () => (await request.get(`${site.url}/en/blog/short-lets-in-lisbon-2027`)).status(), {
      timeout: Math.max(0, goesLiveAt - Date.now()) + 15_000,
    })
    .toBe(200)
  expect(Date.now()).toBeGreaterThanOrEqual(goesLiveAt)
  expect((await request.get(`${site.url}/el/blog/vrachychronies-misthoseis-lisavona-2027`)).status()).toBe(200)
  expect(await (await request.get(`${site.url}/el/blog`)).text()).toContain('Βραχυχρόνιες μισθώσεις στη Λισαβόνα το 2027')
})

test('a translator sees what changed in the English since their version', async ({ browser }) => {
  const maria = await newSession(browser, editor)
  await maria.goto(`${site.url}/keystatic/collection/posts_en/item/${newKey}`)
  await selectInBody(maria, 'changed in 2027')
  await maria.keyboard.type('changed twice in 2027')
  const done = saved(maria)
  await maria.getByRole('button', { name: 'Save' }).click()
  expect((await done).status()).toBe(200)
  const eleni = await newSession(browser, translator)
  await eleni.locator(`tr[data-key="${newKey}"] td[data-locale="el"]`).getByRole('link', { name: 'changes', exact: true }).click()
  const diff = eleni.getByTestId('english-changes')
  await expect(diff.locator('.del', { hasText: 'Lisbon changed in 2027' })).toBeVisible()
  await expect(diff.locator('.add', { hasText: 'Lisbon changed twice in 2027' })).toBeVisible()
  // Only what the editor changed: the text and the day of the change.
  await expect(diff.locator('.del')).toHaveCount(1)
})

test('an invalid slug is refused with a message, nothing is written, and the site stays up', async ({ browser, request }) => {
  const maria = await newSession(browser, editor)
  const file = join(content, 'posts', greekPost, 'el.md')
  const before = readFileSync(file, 'utf8')
  await maria.goto(`${site.url}/keystatic/collection/posts_el/item/${greekPost}`)
  await field(maria, 'URL slug').fill('Κακό slug με κενά!')
  const refused = saved(maria)
  await maria.getByRole('button', { name: 'Save' }).click()
  expect((await refused).status()).toBe(422)
  await expect(maria.getByText('a slug may only contain a-z, 0-9 and - _ . ~').first()).toBeVisible()
  expect(readFileSync(file, 'utf8')).toBe(before)
  expect(git('status', '--porcelain')).toBe('')
  expect((await request.get(`${site.url}/el/blog/agora-akiniton-voulgarias-meta-to-evro`)).status()).toBe(200)
})

test('sign in, edit one sentence of a Greek post, save: the page shows it within 5 s and the diff is that sentence and updatedAt', async ({
  browser,
  request,
}) => {
  const eleni = await newSession(browser, translator)
  await eleni.goto(`${site.url}/keystatic/collection/posts_el/item/${greekPost}`)
  await selectInBody(eleni, 'Πολλοί διεθνείς επενδυτές απλώς αγοράζουν με μετρητά.')
  await eleni.keyboard.type('Οι περισσότεροι ξένοι επενδυτές αγοράζουν με μετρητά.')
  const done = saved(eleni)
  const savedAt = Date.now()
  await eleni.getByRole('button', { name: 'Save' }).click()
  expect((await done).status()).toBe(200)
  await expect
    .poll(async () => (await request.get(`${site.url}/el/blog/agora-akiniton-voulgarias-meta-to-evro`)).text(), { timeout: 5_000, intervals: [100] })
    .toContain('Οι περισσότεροι ξένοι επενδυτές αγοράζουν με μετρητά.')
  expect(Date.now() - savedAt).toBeLessThan(5_000)
  const changed = git('show', '--format=%an', '--unified=0', 'HEAD')
    .split('\n')
    .filter((line) => /^[-+](?![-+])/.test(line))
  // updatedAt moves to today, unless the post was already dated today (a correction of the same day).
  const today = new Date().toISOString().slice(0, 10)
  const dated = changed.filter((line) => /^[-+]updatedAt: /.test(line))
  const text = changed.filter((line) => !/^[-+]updatedAt: /.test(line))
  if (dated.length) expect(dated).toEqual([expect.stringMatching(/^-updatedAt: /), `+updatedAt: ${today}`])
  else expect(git('show', `HEAD:posts/${greekPost}/el.md`)).toContain(`updatedAt: ${today}`)
  expect(text).toHaveLength(2)
  expect(text[0]).toContain('-Οι αλλοδαποί')
  expect(text[1].replace('Οι περισσότεροι ξένοι επενδυτές αγοράζουν με μετρητά.', 'Πολλοί διεθνείς επενδυτές απλώς αγοράζουν με μετρητά.')).toBe(
    `+${text[0].slice(1)}`,
  )
  expect(git('log', '-1', '--format=%an')).toBe('Eleni Translator\n')
})

test('two people saving the same file: the second is told, not silently overwritten', async ({ browser }) => {
  const file = join(content, 'posts', greekPost, 'bg.md')
  const maria = await newSession(browser, editor)
  const eleni = await newSession(browser, translator)
  for (const page of [maria, eleni]) {
    await page.goto(`${site.url}/keystatic/collection/posts_bg/item/${greekPost}`)
    await expect(field(page, 'Title')).not.toHaveValue('')
  }
  await field(maria, 'Summary').fill('Първо запазване от редактора.')
  const first = saved(maria)
  await maria.getByRole('button', { name: 'Save' }).click()
  expect((await first).status()).toBe(200)
  const afterFirst = readFileSync(file, 'utf8')
  await field(eleni, 'Summary').fill('Второ запазване, от преводача.')
  const second = saved(eleni)
  await eleni.getByRole('button', { name: 'Save' }).click()
  expect((await second).status()).toBe(409)
  await expect(eleni.getByText(/was changed after you opened it by Maria Editor/).first()).toBeVisible()
  expect(readFileSync(file, 'utf8')).toBe(afterFirst)
})

test('every write is logged with who and what', () => {
  const lines = readFileSync(`${usersFile}.audit.jsonl`, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { user: string; action: string; files?: Array<{ path: string }> })
  const saves = lines.filter((l) => l.action === 'save' || l.action === 'start translation')
  expect(saves.map((l) => `${l.user} ${l.files?.[0].path}`)).toContain(`eleni posts/${newKey}/el.md`)
  expect(saves.map((l) => `${l.user} ${l.files?.[0].path}`)).toContain(`maria posts/${newKey}/en.md`)
  expect(lines.some((l) => l.user === 'maria' && l.action === 'save refused')).toBe(true)
  expect(lines.some((l) => l.user === 'eleni' && l.action === 'start translation refused' && l.files?.[0].path === `posts/${newKey}/de.md`)).toBe(
    true,
  )
})

test('a disabled account and a reset password end their sessions at once', async ({ browser }) => {
  const eleni = await newSession(browser, translator)
  const tree = () => eleni.request.get(`${site.url}/api/keystatic/tree`, { headers: { 'no-cors': '1' } })
  expect((await tree()).status()).toBe(200)
  cmsUser(['disable', translator.name])
  expect((await tree()).status()).toBe(401)
  cmsUser(['enable', translator.name])
  expect((await tree()).status()).toBe(401)
  await signIn(eleni, translator)
  expect((await tree()).status()).toBe(200)
  cmsUser(['reset', translator.name], 'a brand new passphrase')
  expect((await tree()).status()).toBe(401)
  await signIn(eleni, { name: translator.name, password: 'a brand new passphrase' })
  expect((await tree()).status()).toBe(200)
})

test("readers' assets hold no byte of the admin, which is built and served apart", () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]))
  const hash = (dir: string) => {
    const all = createHash('sha256')
    for (const file of files(dir).sort()) all.update(file).update(readFileSync(file))
    return all.digest('hex')
  }
  const client = files('dist/client').filter((f) => /\.(js|css|html)$/.test(f))
  expect(client.length).toBeGreaterThan(5)
  for (const file of client) expect(readFileSync(file, 'utf8'), file).not.toMatch(/keystatic/i)
  expect(statSync('dist/admin/manifest.json').isFile()).toBe(true)
  // Building the admin again leaves the readers' build as it was, byte for byte.
  const before = hash('dist/client')
  execFileSync('npx', ['tsx', '-e', "import('./scripts/cms-build-admin.ts').then((m) => m.buildAdmin())"], {
    stdio: 'pipe',
    env: { ...process.env, CI: '1' },
  })
  expect(hash('dist/client')).toBe(before)
})
