// The editors' readers' screens (issue 39) through createCms, as a fetch-style handler over a real
// readers' store on SQLite (a temporary DATA_DIR) with confirmed readers and a message, and a
// stand-in for the next mail: an editor sees numbers and messages, a translator none of it.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { guideCountries } from '../../src/content/guide-countries.ts'
import { locales } from '../../src/paraglide/runtime.js'
import type { RenderedMail } from '../readers/jobs.ts'
import { openReaderStore, type ReaderStore } from '../readers/store.ts'
import type { SignUp } from '../readers/types.ts'
import { createCms } from './handler.ts'
import { editor, translator, writeTestAccounts } from './test-accounts.ts'
import type { EditorsReaders } from './readers-views.ts'

const origin = 'https://atlas.example'
const greekMail: RenderedMail = {
  subject: 'Νέα: "Greece" & <Cyprus>',
  html: `<p class="lead">Golden visa "changes" & 'more'</p><script>alert(1)</script>`,
  text: 'Golden visa changes <b>not bold</b>\nhttps://atlas.example/el/',
  locale: 'el',
}
const sender = { name: 'Nikos <script>alert(2)</script>', email: 'nikos@example.org', body: 'Line one.\n<b>Line two</b> & more.' }

let root: string
let audit: string
let store: ReaderStore
let withReaders: ReturnType<typeof createCms>
let withoutReaders: ReturnType<typeof createCms>
let messageId: string

const signUp = (email: string, overrides: Partial<SignUp>): SignUp => ({
  email,
  locale: 'el',
  countries: 'all',
  frequency: 'changes',
  consentVersion: '2026-11',
  ...overrides,
})

/** Signs up and, unless `pending`, confirms as the link of the confirmation mail would. */
async function reader(email: string, overrides: Partial<SignUp>, pending = false) {
  await store.subscribe(signUp(email, overrides), '203.0.113.7')
  if (pending) return
  for (const job of await store.sendLog({ limit: 200 })) {
    const subscriber = job.kind === 'confirm' && job.subscriberId ? await store.findSubscriber(job.subscriberId) : null
    if (subscriber?.email === email) await store.confirm({ subscriberId: subscriber.id, tokenVersion: subscriber.tokenVersion })
  }
}

const cmsWith = (readers?: EditorsReaders) =>
  createCms({
    contentDir: join(root, 'content'),
    secret: 'a-signing-key-for-the-unit-tests-0123456789',
    usersFile: join(root, 'accounts.json'),
    auditLog: audit,
    adminDir: join(root, 'no-admin-build'),
    editorial: { contentProblems: () => [], translationGrid: () => [] },
    readers,
  })

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ea-cms-readers-'))
  audit = join(root, 'audit.jsonl')
  mkdirSync(join(root, 'content'))
  await writeTestAccounts(join(root, 'accounts.json'))
  store = await openReaderStore({ DATA_DIR: join(root, 'data'), READERS_SECRET: 'a-test-secret-of-at-least-thirty-two-characters' })
  await reader('greek-greece@example.org', { locale: 'el', countries: ['GR'] })
  await reader('greek-all@example.org', { locale: 'el', countries: 'all' })
  await reader('german@example.org', { locale: 'de', countries: ['CY', 'GR'] })
  await reader('not-yet@example.org', { locale: 'en', countries: ['GR'] }, true)
  ;({ id: messageId } = await store.addMessage(
    { kind: 'contact', name: sender.name, email: sender.email, topic: 'correction', body: sender.body, locale: 'el' },
    { clientAddress: '203.0.113.8', editors: ['desk@example.com'] },
  ))
  withReaders = cmsWith({ store, previewNextMail: async (locale) => (locale === 'el' ? greekMail : null) })
  withoutReaders = cmsWith()
})

afterAll(async () => {
  await store?.close()
  rmSync(root, { recursive: true, force: true })
})

const request = (cms: ReturnType<typeof createCms>, path: string, init: RequestInit = {}) =>
  cms(new Request(`${origin}${path}`, { ...init, headers: { host: 'atlas.example', ...(init.headers as Record<string, string> | undefined) } }), {
    address: '192.0.2.1',
  })

async function signIn(cms: ReturnType<typeof createCms>, account: { name: string; password: string }): Promise<string> {
  const answer = await request(cms, '/admin/sign-in', {
    method: 'POST',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(account),
  })
  expect(answer.status).toBe(303)
  return /ea_admin=([^;]*)/.exec(answer.headers.get('set-cookie') ?? '')![1]
}

const page = (cms: ReturnType<typeof createCms>, cookie: string, path: string) => request(cms, path, { headers: { cookie: `ea_admin=${cookie}` } })
const move = (cookie: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  request(withReaders, '/admin/inbox/status', {
    method: 'POST',
    headers: { cookie: `ea_admin=${cookie}`, origin, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  })

/** The numbers of one row of the readers' table: readers, all countries, then one per guide country. */
function numbersOf(html: string, locale: string): number[] {
  const row = new RegExp(`<tr data-locale="${locale}">(.*?)</tr>`).exec(html)?.[1] ?? ''
  return [...row.matchAll(/<td class="number">(\d+)<\/td>/g)].map((m) => Number(m[1]))
}
const country = (code: string) => 2 + guideCountries.findIndex((c) => c === code)

const pages = ['/admin/readers', '/admin/readers/preview?locale=el', '/admin/send-log', '/admin/inbox']

// Each sign-in hashes a password (scrypt): generous time limits, as in handler.test.ts.
describe('readers for editors', { timeout: 60_000 }, () => {
  it('shows confirmed readers by language and country, with totals, and never an address', async () => {
    const cookie = await signIn(withReaders, editor)
    const answer = await page(withReaders, cookie, '/admin/readers')
    expect(answer.status).toBe(200)
    const html = await answer.text()
    expect(html.match(/<tr data-locale="[a-z]{2}">/g)).toHaveLength(locales.length)
    const el = numbersOf(html, 'el')
    expect(el.slice(0, 2)).toEqual([2, 1])
    expect(el[country('GR')]).toBe(2)
    expect(el[country('AL')]).toBe(1)
    const de = numbersOf(html, 'de')
    expect(de.slice(0, 2)).toEqual([1, 0])
    expect([de[country('CY')], de[country('GR')], de[country('AL')]]).toEqual([1, 1, 0])
    // The pending sign-up is not a reader yet.
    expect(numbersOf(html, 'en').slice(0, 2)).toEqual([0, 0])
    const all = numbersOf(html, 'all')
    expect(all.slice(0, 2)).toEqual([3, 1])
    expect([all[country('GR')], all[country('CY')], all[country('AL')]]).toEqual([3, 2, 1])
    expect(html).not.toContain('@example.org')
    for (const link of ['/admin/readers', '/admin/inbox', '/admin/send-log']) expect(html).toContain(`href="${link}"`)
  })

  it('previews the next mail of a language: the HTML escaped into a sandboxed frame, the text in a <pre>', async () => {
    const cookie = await signIn(withReaders, editor)
    const answer = await page(withReaders, cookie, '/admin/readers/preview?locale=el')
    expect(answer.status).toBe(200)
    const html = await answer.text()
    expect(html).toContain('Νέα: &quot;Greece&quot; &amp; &lt;Cyprus&gt;')
    expect(html).toContain(
      '<iframe class="mail" sandbox srcdoc="&lt;p class=&quot;lead&quot;&gt;Golden visa &quot;changes&quot; &amp; &#39;more&#39;&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;"',
    )
    expect(html).not.toContain('<script>')
    expect(html).toContain('Golden visa changes &lt;b&gt;not bold&lt;/b&gt;\nhttps://atlas.example/el/</pre>')
    const german = await page(withReaders, cookie, '/admin/readers/preview?locale=de')
    expect(german.status).toBe(200)
    expect(await german.text()).toContain('Nothing new for this language: no mail would go out')
    const unknown = await page(withReaders, cookie, '/admin/readers/preview?locale=xx')
    expect(unknown.status).toBe(400)
    expect(await unknown.text()).toMatch(/There is no language &quot;xx&quot;/)
  })

  it('lists the send log newest first without addresses, and filters it by status', async () => {
    const cookie = await signIn(withReaders, editor)
    const answer = await page(withReaders, cookie, '/admin/send-log')
    expect(answer.status).toBe(200)
    const html = await answer.text()
    // Four confirmations, the sender's acknowledgement and the editors' notice.
    expect(html.match(/<tr data-status="queued">/g)).toHaveLength(6)
    expect(html).toContain('<td>acknowledgement</td>')
    expect(html).not.toMatch(/@example\.(org|com)/)
    const queued = await page(withReaders, cookie, '/admin/send-log?status=queued')
    expect(queued.status).toBe(200)
    expect(await queued.text()).toContain('aria-current="page">queued<')
    const sent = await page(withReaders, cookie, '/admin/send-log?status=sent')
    expect(await sent.text()).toContain('No mail here.')
    const bad = await page(withReaders, cookie, '/admin/send-log?status=lost')
    expect(bad.status).toBe(400)
    expect(await bad.text()).toMatch(/one of queued, sending, sent, failed/)
  })

  it('lists the inbox escaped, with a way to answer, and moves a message to answered and back', async () => {
    const cookie = await signIn(withReaders, editor)
    const inbox = await page(withReaders, cookie, '/admin/inbox')
    expect(inbox.status).toBe(200)
    const html = await inbox.text()
    expect(html).toContain(`data-id="${messageId}"`)
    expect(html).toContain('Nikos &lt;script&gt;alert(2)&lt;/script&gt;')
    expect(html).toContain('<a href="mailto:nikos@example.org">nikos@example.org</a>')
    expect(html).toContain('<pre lang="el">Line one.\n&lt;b&gt;Line two&lt;/b&gt; &amp; more.</pre>')
    expect(html).not.toContain('<script>')
    expect(html).toContain('aria-current="page">New (1)</a>')
    expect(html).toContain('Answered (0)')

    const moved = await move(cookie, { id: messageId, status: 'answered', from: 'new' })
    expect(moved.status).toBe(303)
    expect(moved.headers.get('location')).toBe('/admin/inbox?status=new&done=answered')
    const after = await (await page(withReaders, cookie, moved.headers.get('location')!)).text()
    expect(after).toContain('Moved to Answered.')
    expect(after).not.toContain(`data-id="${messageId}"`)
    expect(after).toContain('New (0)')
    const answered = await (await page(withReaders, cookie, '/admin/inbox?status=answered')).text()
    expect(answered).toContain(`data-id="${messageId}"`)
    expect(answered).toContain('aria-current="page">Answered (1)</a>')
    const line = readFileSync(audit, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.action === 'message moved')
    expect(line).toMatchObject({ user: 'maria', message: messageId, to: 'answered' })
    expect(JSON.stringify(line)).not.toMatch(/nikos|Line one/)

    expect((await move(cookie, { id: messageId, status: 'new', from: 'answered' })).status).toBe(303)
    expect(await (await page(withReaders, cookie, '/admin/inbox')).text()).toContain(`data-id="${messageId}"`)
  })

  it('refuses a bad status (400), an unknown message (404), a bad tab (400) and a change from another site (403)', async () => {
    const cookie = await signIn(withReaders, editor)
    const bad = await move(cookie, { id: messageId, status: 'deleted' })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toMatch(/can be moved to new, answered, archived/)
    const unknown = await move(cookie, { id: '00000000-0000-4000-8000-000000000000', status: 'archived' })
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toMatch(/There is no such message/)
    expect((await page(withReaders, cookie, '/admin/inbox?status=spam')).status).toBe(400)
    expect((await move(cookie, { id: messageId, status: 'archived' }, { origin: 'https://evil.example' })).status).toBe(403)
    expect((await store.listMessages('new')).map((m) => m.id)).toContain(messageId)
  })

  it('gives a translator 403 on every page and the move, and no links to them', async () => {
    const cookie = await signIn(withReaders, translator)
    for (const path of pages) {
      const answer = await page(withReaders, cookie, path)
      expect(answer.status, path).toBe(403)
      expect(await answer.text(), path).toContain('Only editors see readers and messages.')
    }
    const moved = await move(cookie, { id: messageId, status: 'archived' })
    expect(moved.status).toBe(403)
    expect((await store.listMessages('new')).map((m) => m.id)).toContain(messageId)
    const grid = await (await page(withReaders, cookie, '/admin')).text()
    expect(grid).toContain('Translations')
    for (const link of ['/admin/readers', '/admin/inbox', '/admin/send-log']) expect(grid).not.toContain(`href="${link}"`)
  })

  it('sends a visitor without a session to sign in', async () => {
    for (const path of pages) {
      const answer = await request(withReaders, path)
      expect(answer.status, path).toBe(303)
      expect(answer.headers.get('location'), path).toMatch(/^\/admin\/sign-in\?next=/)
    }
  })

  it('answers 404 with a message where the readers’ features are off', async () => {
    const cookie = await signIn(withoutReaders, editor)
    for (const path of pages) {
      const answer = await page(withoutReaders, cookie, path)
      expect(answer.status, path).toBe(404)
      expect(await answer.text(), path).toContain('The readers&#39; features are not enabled on this server.')
    }
  })
})
