// The editorial server's gate over HTTP (issue 35, the review of 2026-11-28): each finding's
// reproduction against createCms on a loopback server (port chosen by the system), with a small
// content folder in a Git repository of its own and the content check replaced by a stand-in.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { NodeRequest, sendNodeResponse } from 'srvx/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { editor, translator, writeTestAccounts } from './test-accounts.ts'

const checks = vi.hoisted(() => ({ count: 0 }))
vi.mock('./passwords.ts', async (original) => {
  const actual = await original<typeof import('./passwords.ts')>()
  return {
    ...actual,
    verifyPassword: async (password: string, stored: string) => {
      checks.count++
      return actual.verifyPassword(password, stored)
    },
  }
})

const { createCms } = await import('./handler.ts')

const post = 'bulgaria-property-market-after-euro-adoption'
const greekPath = `posts/${post}/el.md`
const englishPath = `posts/${post}/en.md`
let root: string
let content: string
let audit: string
let server: Server
let base: string
let trusting: Server
let trustingBase: string

const git = (...args: string[]) => execFileSync('git', ['-C', content, ...args], { encoding: 'utf8' })
const blobSha = (bytes: Buffer) => createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex')
const auditLines = () =>
  readFileSync(audit, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)

function listen(trustProxy: boolean): Promise<[Server, string]> {
  const cms = createCms({
    contentDir: content,
    secret: 'a-signing-key-for-the-unit-tests-0123456789',
    usersFile: join(root, 'accounts.json'),
    auditLog: audit,
    adminDir: join(root, 'no-admin-build'),
    trustProxy,
    editorial: {
      // The stand-in for content:check: a written file containing INVALID is refused.
      contentProblems: (dir, written) =>
        written.filter((path) => readFileSync(join(dir, path), 'utf8').includes('INVALID')).map((file) => ({ file, message: 'invalid' })),
      translationGrid: () => [],
    },
  })
  // Mounted as server/app.ts mounts it: a web Request from the Node request, the Response written back.
  const created = createServer(async (req, res) => {
    await sendNodeResponse(res, await cms(new NodeRequest({ req, res }), { address: req.socket.remoteAddress }))
    if (!req.complete) req.resume()
  })
  return new Promise((resolve) =>
    created.listen(0, '127.0.0.1', () => resolve([created, `http://127.0.0.1:${(created.address() as AddressInfo).port}`])),
  )
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ea-cms-unit-'))
  content = join(root, 'content')
  audit = join(root, 'audit.jsonl')
  for (const path of [greekPath, englishPath, `posts/greece-golden-visa-2026/el.md`]) {
    mkdirSync(join(content, path, '..'), { recursive: true })
    cpSync(join('content', path), join(content, path))
  }
  git('init', '--quiet')
  git('add', '--all')
  git('-c', 'user.name=Seed', '-c', 'user.email=seed@example.com', 'commit', '--quiet', '-m', 'Seed')
  await writeTestAccounts(join(root, 'accounts.json'))
  ;[server, base] = await listen(false)
  ;[trusting, trustingBase] = await listen(true)
})

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
  await new Promise((resolve) => trusting?.close(resolve))
  rmSync(root, { recursive: true, force: true })
})

beforeEach(() => {
  checks.count = 0
})

const signInAttempt = (url: string, name: string, password: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/admin/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: url, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ name, password }),
  })

async function signIn(account: { name: string; password: string }): Promise<string> {
  const answer = await signInAttempt(base, account.name, account.password)
  expect(answer.status).toBe(303)
  return /ea_admin=([^;]*)/.exec(answer.headers.get('set-cookie') ?? '')![1]
}

const api = (cookie: string, path: string, init: RequestInit = {}) =>
  fetch(`${base}${path}`, {
    ...init,
    headers: { cookie: `ea_admin=${cookie}`, 'no-cors': '1', origin: base, ...(init.headers as Record<string, string> | undefined) },
  })

/** Opens a file as Keystatic does (by its blob hash) and gives its text and hash. */
async function open(cookie: string, path: string) {
  const bytes = readFileSync(join(content, path))
  const answer = await api(cookie, `/api/keystatic/blob/${blobSha(bytes)}/${path}`)
  expect(answer.status).toBe(200)
  return { text: bytes.toString('utf8'), sha: blobSha(bytes) }
}

const save = (cookie: string, files: Array<{ path: string; text: string }>, headers: Record<string, string> = {}) =>
  api(cookie, '/api/keystatic/update', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ additions: files.map((f) => ({ path: f.path, contents: Buffer.from(f.text).toString('base64url') })), deletions: [] }),
  })

const withBase = (bases: Record<string, string | null>) => ({ 'x-ea-base-versions': encodeURIComponent(JSON.stringify(bases)) })

// Each sign-in hashes a password (scrypt, about 100 ms) and a save commits with Git: on a busy 2-core
// machine a test takes seconds, so the time limit is generous; the tests check behaviour, not speed.
describe('sign-in limits', { timeout: 60_000 }, () => {
  it('F1: behind the trusted proxy, a forged first X-Forwarded-For entry does not escape the per-address limit', async () => {
    const statuses: number[] = []
    for (let i = 1; i <= 25; i++) {
      const answer = await signInAttempt(trustingBase, `nobody${i}`, 'wrong', { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.50` })
      statuses.push(answer.status)
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true)
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429])
    const logged = auditLines().filter((l) => String(l.user).startsWith('nobody'))
    expect(new Set(logged.map((l) => l.address))).toEqual(new Set(['203.0.113.50']))
  })

  it('F2: 40 parallel wrong passwords for one account get at most 5 password checks', async () => {
    // From an address of its own (behind the trusted proxy), so that the other tests' address keeps its allowance.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signInAttempt(trustingBase, 'locked-out', `wrong-${i}`, { 'x-forwarded-for': '192.0.2.40' })),
    )
    const statuses = answers.map((a) => a.status)
    expect(checks.count).toBeLessThanOrEqual(5)
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(35)
  })

  it('a successful sign-in does not use up the address allowance', async () => {
    for (let i = 0; i < 25; i++) await signIn(editor)
    expect(checks.count).toBe(25)
  }, 30_000)
})

describe('file reads (F3)', { timeout: 60_000 }, () => {
  it('decodes and confines every blob path before any read: traversal, directories, links and bad escapes are 400', async () => {
    const cookie = await signIn(translator)
    symlinkSync('/etc/passwd', join(content, 'posts', post, 'de.md'))
    try {
      for (const path of [
        '..%2f..%2fetc%2fpasswd',
        '..%2f..%2f..%2f..%2f..%2f..%2fetc',
        'posts%2f..%2f..%2faccounts.json',
        'posts',
        `posts/${post}`,
        `posts/${post}/de.md`,
        '%zz',
        'posts/%00/el.md',
        '..\\accounts.json',
      ]) {
        const answer = await api(cookie, `/api/keystatic/blob/0/${path}`)
        expect(answer.status, path).toBe(400)
        const text = await answer.text()
        expect(text, path).not.toContain(root)
        expect(text, path).not.toMatch(/Error|ENOENT|EISDIR/)
      }
    } finally {
      rmSync(join(content, 'posts', post, 'de.md'))
    }
    expect((await api(cookie, `/api/keystatic/blob/0/${greekPath}`)).status).toBe(404)
    await open(cookie, greekPath)
  })
})

describe('sizes (F4)', { timeout: 60_000 }, () => {
  it('refuses a too-large body with 413 before reading it, and a document of 20,000 paragraphs with 413 and a message', async () => {
    const cookie = await signIn(translator)
    const big = await api(cookie, '/api/keystatic/update', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ additions: [{ path: greekPath, contents: 'A'.repeat(3 * 1024 * 1024) }], deletions: [] }),
    })
    expect(big.status).toBe(413)
    expect(await big.text()).toMatch(/larger than 2 MB/)
    const { text } = await open(cookie, greekPath)
    const head = text.slice(0, text.indexOf('\n---\n', 4) + 5)
    const started = Date.now()
    const paragraphs = await save(cookie, [{ path: greekPath, text: `${head}${Array.from({ length: 20_000 }, (_, i) => `p${i}`).join('\n\n')}` }])
    expect(paragraphs.status).toBe(413)
    expect(await paragraphs.text()).toMatch(/more than 5000 lines/)
    const blocks = await save(cookie, [{ path: greekPath, text: `${head}${Array.from({ length: 2_000 }, (_, i) => `p${i}`).join('\n\n')}` }])
    expect(blocks.status).toBe(413)
    expect(await blocks.text()).toMatch(/at most 1500/)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(readFileSync(join(content, greekPath), 'utf8')).toBe(text)
    const wrongType = await api(cookie, '/api/keystatic/update', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' })
    expect(wrongType.status).toBe(415)
  })
})

describe('sessions (F5)', { timeout: 60_000 }, () => {
  it('signing out ends the session on the server: the old cookie gets 401', async () => {
    const cookie = await signIn(editor)
    expect((await api(cookie, '/api/keystatic/tree')).status).toBe(200)
    const out = await api(cookie, '/admin/sign-out', { method: 'POST', redirect: 'manual' })
    expect(out.status).toBe(303)
    expect((await api(cookie, '/api/keystatic/tree')).status).toBe(401)
    const other = await signIn(editor)
    expect((await api(other, '/api/keystatic/tree')).status).toBe(200)
  })
})

describe('saves', { timeout: 60_000 }, () => {
  it('F6: a save based on an older version is 409, even from the same session (another tab)', async () => {
    const cookie = await signIn(translator)
    const v1 = await open(cookie, greekPath)
    // Tab 1: a sentence added to a paragraph, based on v1.
    const tab1 = v1.text.replace('Οι αλλοδαποί', 'Σημείωση. Οι αλλοδαποί')
    expect(tab1).not.toBe(v1.text)
    expect((await save(cookie, [{ path: greekPath, text: tab1 }], withBase({ [greekPath]: v1.sha }))).status).toBe(200)
    const afterTab1 = readFileSync(join(content, greekPath), 'utf8')
    // Tab 2, opened on v1 too, changes the title only: refused, tab 1's sentence kept.
    const tab2 = v1.text.replace(/^title: .*$/m, 'title: "Νέος τίτλος"')
    const stale = await save(cookie, [{ path: greekPath, text: tab2 }], withBase({ [greekPath]: v1.sha }))
    expect(stale.status).toBe(409)
    expect(await stale.text()).toMatch(/was changed after you opened it by Eleni Translator/)
    expect(readFileSync(join(content, greekPath), 'utf8')).toBe(afterTab1)
    // Tab 1 saves again from the version it now shows: accepted.
    const v2 = blobSha(Buffer.from(afterTab1))
    const again = afterTab1.replace(/^title: .*$/m, 'title: "Νέος τίτλος"')
    expect((await save(cookie, [{ path: greekPath, text: again }], withBase({ [greekPath]: v2 }))).status).toBe(200)
    expect((await save(cookie, [{ path: greekPath, text: again }], { 'x-ea-base-versions': '%7Bnot json' })).status).toBe(400)
  })

  it('F7: a failed commit is a 503 with a message, and the file is as before', async () => {
    const cookie = await signIn(translator)
    const { text } = await open(cookie, greekPath)
    writeFileSync(join(content, '.git', 'index.lock'), '')
    try {
      const answer = await save(cookie, [{ path: greekPath, text: text.replace(/^summary: .*$/m, 'summary: "Άλλη περίληψη."') }])
      expect(answer.status).toBe(503)
      const message = await answer.text()
      expect(message).toMatch(/could not be recorded in the repository.*undone/)
      expect(message).not.toContain(root)
      expect(readFileSync(join(content, greekPath), 'utf8')).toBe(text)
    } finally {
      rmSync(join(content, '.git', 'index.lock'))
    }
    expect(git('status', '--porcelain')).toBe('')
    expect(auditLines().some((l) => l.action === 'save failed' && l.status === 503)).toBe(true)
  })

  it('F8: a two-file save whose second write fails writes neither, and says so', async () => {
    const cookie = await signIn(editor)
    const first = await open(cookie, greekPath)
    const second = await open(cookie, englishPath)
    // The second file's temporary file cannot be written: a folder stands in its place.
    const blocker = join(content, `${englishPath}.${process.pid}.tmp`)
    mkdirSync(blocker)
    try {
      const answer = await save(cookie, [
        { path: greekPath, text: first.text.replace(/^summary: .*$/m, 'summary: "Πρώτο αρχείο."') },
        { path: englishPath, text: second.text.replace(/^summary: .*$/m, 'summary: "Second file."') },
      ])
      expect(answer.status).toBe(503)
      expect(await answer.text()).toMatch(/Nothing was changed/)
    } finally {
      rmSync(blocker, { recursive: true })
    }
    expect(readFileSync(join(content, greekPath), 'utf8')).toBe(first.text)
    expect(readFileSync(join(content, englishPath), 'utf8')).toBe(second.text)
    expect(existsSync(join(content, `${greekPath}.${process.pid}.tmp`))).toBe(false)
    expect(git('status', '--porcelain')).toBe('')
  })
})

describe('audit (L1)', { timeout: 60_000 }, () => {
  it('records refusals (401, 403, 409, 413, 422) and failures, not only successes', async () => {
    const cookie = await signIn(translator)
    const { text } = await open(cookie, greekPath)
    expect((await fetch(`${base}/api/keystatic/tree`, { headers: { 'no-cors': '1' } })).status).toBe(401)
    expect((await save(cookie, [{ path: englishPath, text }])).status).toBe(403)
    expect((await save(cookie, [{ path: greekPath, text: text.replace('---\n', '---\nINVALID: 1\n') + 'INVALID\n' }])).status).toBe(422)
    expect((await save(cookie, [{ path: greekPath, text: text + '\nMore.\n' }], withBase({ [greekPath]: '0'.repeat(40) }))).status).toBe(409)
    const big = await api(cookie, '/api/keystatic/update', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(3 * 1024 * 1024),
    })
    expect(big.status).toBe(413)
    expect((await api(cookie, '/api/keystatic/blob/0/..%2f..%2fetc%2fpasswd')).status).toBe(400)
    const refused = auditLines().filter((l) => typeof l.status === 'number')
    for (const status of [400, 401, 403, 409, 413, 422])
      expect(
        refused.some((l) => l.status === status),
        String(status),
      ).toBe(true)
    const conflict = refused.find((l) => l.status === 409)!
    expect(conflict).toMatchObject({ user: 'eleni', action: 'save refused', method: 'POST', path: '/api/keystatic/update' })
    expect(JSON.stringify(refused)).not.toContain('"password"')
  })
})

describe('preview links (issue 36: one writer of the preview cookie)', () => {
  it('passes on the cookie the site itself writes for ?preview=<token>, over https and http alike', async () => {
    const asked: string[] = []
    // The site's handler as src/server.ts answers ?preview=<token>: a 302 with its cookie.
    const site = {
      fetch: async (request: Request) => {
        asked.push(request.url)
        const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : ''
        return new Response(null, {
          status: 302,
          headers: { 'set-cookie': `ea_preview=the-token; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax${secure}` },
        })
      },
    }
    const cms = createCms({
      contentDir: content,
      secret: 'a-signing-key-for-the-unit-tests-0123456789',
      usersFile: join(root, 'accounts.json'),
      auditLog: audit,
      adminDir: join(root, 'no-admin-build'),
      previewToken: 'the-token',
      site,
      editorial: { contentProblems: () => [], translationGrid: () => [] },
    })
    // A fetch-style handler: no server needed.
    const signedIn = await cms(
      new Request('https://atlas.example/admin/sign-in', {
        method: 'POST',
        headers: { host: 'atlas.example', origin: 'https://atlas.example', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ name: editor.name, password: editor.password }),
      }),
      { address: '192.0.2.1' },
    )
    expect(signedIn.status).toBe(303)
    const cookie = /ea_admin=([^;]*)/.exec(signedIn.headers.get('set-cookie') ?? '')![1]
    for (const origin of ['https://atlas.example', 'http://localhost:4310']) {
      const answer = await cms(new Request(`${origin}/admin/preview?path=/el/blog/a-draft`, { headers: { cookie: `ea_admin=${cookie}` } }))
      expect(answer.status).toBe(303)
      expect(answer.headers.get('location')).toBe('/el/blog/a-draft')
      expect(answer.headers.get('cache-control')).toBe('no-store')
      expect(answer.headers.getSetCookie()).toEqual([
        `ea_preview=the-token; Path=/; Max-Age=86400; HttpOnly; SameSite=Lax${origin.startsWith('https') ? '; Secure' : ''}`,
      ])
    }
    expect(asked).toEqual(['https://atlas.example/el/blog/a-draft?preview=the-token', 'http://localhost:4310/el/blog/a-draft?preview=the-token'])
    // Not a page of the site: nothing is asked of it.
    const outside = await cms(new Request('https://atlas.example/admin/preview?path=//evil.example', { headers: { cookie: `ea_admin=${cookie}` } }))
    expect(outside.status).toBe(400)
    expect(asked).toHaveLength(2)
  })
})
