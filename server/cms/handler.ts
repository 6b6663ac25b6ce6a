// The editorial interface on the production server (issue 26, decision 019): sign-in, the
// translation grid, and Keystatic's UI and API under a wrapper that Keystatic's local mode lacks —
// a session on every request, the account's rights on every write, refusal of cross-site writes,
// the content check before anything is written, minimal write-back, conflict detection, a commit
// per save and a log line per write.
import { createHash } from 'node:crypto'
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { makeGenericAPIRouteHandler } from '@keystatic/core/api/generic'
import { LRUCache } from 'lru-cache'
import { z } from 'zod'
import keystaticConfig from '../../src/cms/keystatic.config.ts'
import { isLocale, type Locale } from '../../src/paraglide/runtime.js'
import { accountsReader, type Account } from './accounts.ts'
import { changesSince, commitFiles, openRepository } from './git.ts'
import { changesPage, editorPath, gridPage, keystaticShell, messagePage, signInPage } from './pages.ts'
import { verifyPassword } from './passwords.ts'
import { createLimiter } from './rate-limit.ts'
import { folderOf, parseTarget, refusal, type Target } from './rights.ts'
import { cookieValue, SESSION_COOKIE, SESSION_HOURS, sessionCookie, signSession, verifySession } from './session.ts'
import { mergeDocument, patchFrontMatter, splitFile } from './write-back.ts'

/** What the server build offers the editorial server (src/cms/editorial.server.ts, exported by src/server.ts). */
export type Editorial = Pick<typeof import('../../src/cms/editorial.server.ts'), 'contentProblems' | 'translationGrid'>

export type CmsOptions = {
  contentDir: string
  secret: string
  usersFile: string
  auditLog: string
  adminDir: string
  previewToken?: string
  /** Behind a proxy (TRUST_PROXY), the client's address is the last of X-Forwarded-For: the one our proxy added, not one a client wrote. */
  trustProxy?: boolean
  editorial: Editorial
}

/** Headers of every admin answer: its own policy (Keystatic's UI needs inline styles), never cached or indexed. */
const adminHeaders = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
}

class Refusal extends Error {
  status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

const blobSha = (bytes: Buffer) => createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex')
const today = () => new Date().toISOString().slice(0, 10)

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) throw new Refusal(413, `The request is larger than ${Math.round(limit / 1024 / 1024)} MB.`)
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

const updateSchema = z.object({
  additions: z.array(z.object({ path: z.string(), contents: z.string() })).max(50),
  deletions: z.array(z.object({ path: z.string() })).max(50),
})

export function createCms(options: CmsOptions) {
  const contentDir = realpathSync(options.contentDir)
  const accounts = accountsReader(options.usersFile)
  // A malformed accounts file stops the start with its message, not every request later.
  accounts()
  const keystatic = makeGenericAPIRouteHandler({ config: keystaticConfig, localBaseDirectory: contentDir })
  const byAddress = createLimiter({ max: 20, windowMs: 15 * 60_000 })
  const byAccount = createLimiter({ max: 5, windowMs: 15 * 60_000 })
  /** Per session, the version of each file its editor has opened or saved: a save from an older one is a conflict. */
  const opened = new LRUCache<string, Map<string, string>>({ max: 2000 })
  let queue: Promise<unknown> = Promise.resolve()
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work)
    queue = run.catch(() => undefined)
    return run
  }
  const repository = openRepository(contentDir)

  const manifest = (): { file: string; css?: string[] } | null => {
    const path = join(options.adminDir, 'manifest.json')
    if (!existsSync(path)) return null
    const entries = Object.values(JSON.parse(readFileSync(path, 'utf8')) as Record<string, { file: string; css?: string[]; isEntry?: boolean }>)
    return entries.find((e) => e.isEntry) ?? null
  }

  function audit(entry: Record<string, unknown>) {
    mkdirSync(dirname(options.auditLog), { recursive: true })
    appendFileSync(options.auditLog, `${JSON.stringify({ at: new Date().toISOString(), ...entry })}\n`)
  }

  function send(res: ServerResponse, status: number, body: string | Buffer, type: string, extra: Record<string, string | string[]> = {}) {
    res.writeHead(status, { ...adminHeaders, 'content-type': type, 'content-length': Buffer.byteLength(body), ...extra })
    res.end(body)
  }
  const html = (res: ServerResponse, status: number, body: string, extra?: Record<string, string | string[]>) =>
    send(res, status, body, 'text/html; charset=utf-8', extra)
  const text = (res: ServerResponse, status: number, body: string, extra?: Record<string, string | string[]>) =>
    send(res, status, body, 'text/plain; charset=utf-8', extra)
  const redirect = (res: ServerResponse, location: string, extra: Record<string, string | string[]> = {}) => {
    res.writeHead(303, { ...adminHeaders, location, 'content-length': 0, ...extra })
    res.end()
  }

  function signedIn(req: IncomingMessage): { account: Account; sessionKey: string } | null {
    const value = cookieValue(req.headers.cookie, SESSION_COOKIE)
    const session = verifySession(value, options.secret)
    if (!session || !value) return null
    const account = accounts().find((a) => a.name === session.user)
    if (!account || account.disabled || account.stamp !== session.stamp) return null
    return { account, sessionKey: value.slice(value.lastIndexOf('.') + 1) }
  }

  /** A write must come from a page of this site: its Origin (or, without one, Sec-Fetch-Site) says so. */
  function sameOrigin(req: IncomingMessage): boolean {
    const site = req.headers['sec-fetch-site']
    if (site && site !== 'same-origin') return false
    const origin = req.headers.origin
    if (!origin) return site === 'same-origin'
    try {
      return new URL(origin).host === req.headers.host
    } catch {
      return false
    }
  }

  const addressOf = (req: IncomingMessage) => {
    const forwarded = options.trustProxy
      ? String(req.headers['x-forwarded-for'] ?? '')
          .split(',')[0]
          .trim()
      : ''
    return forwarded || req.socket.remoteAddress || 'unknown'
  }

  async function signIn(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams((await readBody(req, 16 * 1024)).toString('utf8'))
    const name = (form.get('name') ?? '').trim().toLowerCase()
    const password = form.get('password') ?? ''
    const next = safeNext(form.get('next'))
    const wait = Math.max(byAddress.retryAfter(addressOf(req)), byAccount.retryAfter(name))
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60_000)
      audit({ user: name, action: 'sign-in refused', reason: 'too many attempts', address: addressOf(req) })
      return html(res, 429, signInPage({ message: `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, next, name }), {
        'retry-after': String(Math.ceil(wait / 1000)),
      })
    }
    const account = accounts().find((a) => a.name === name)
    // Without an account the password is still checked against a hash, so the answer takes as long.
    const ok = await verifyPassword(password, account?.hash ?? 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
    if (!account || !ok || account.disabled) {
      byAddress.fail(addressOf(req))
      byAccount.fail(name)
      audit({ user: name, action: 'sign-in failed', address: addressOf(req) })
      return html(res, 401, signInPage({ message: 'That account name and password do not match an active account.', next, name }))
    }
    byAccount.reset(name)
    const maxAge = SESSION_HOURS * 3600
    const cookie = signSession({ user: account.name, stamp: account.stamp, expires: Date.now() + maxAge * 1000 }, options.secret)
    audit({ user: account.name, action: 'sign-in', address: addressOf(req) })
    redirect(res, next, { 'set-cookie': sessionCookie(cookie, maxAge) })
  }

  const safeNext = (next: string | null) => (next && /^\/(admin|keystatic)(\/[^\s\\]*)?$/.test(next) && !next.startsWith('//') ? next : '/admin')

  const mayWrite = (account: Account) => (locale: Locale) => account.role === 'editor' || account.languages.includes(locale)

  /** The file's bytes now, or null. */
  const current = (path: string): Buffer | null => {
    const file = join(contentDir, path)
    return existsSync(file) ? readFileSync(file) : null
  }

  const publishedIn = (target: Target, source: string | null): boolean | null => {
    if (source === null) return null
    if (target.kind !== 'posts') return true
    try {
      return splitFile(source).data.draft !== true
    } catch {
      return false
    }
  }

  type Write = { target: Target; source: string | null; changed: string[] }

  /**
   * Checks and applies one set of writes: rights, conflicts, the content check on a copy of the
   * content with the writes applied; then writes, commits and logs. Throws a Refusal with a message
   * an editor understands, having written nothing.
   */
  async function apply(account: Account, sessionKey: string, writes: Write[], action: string): Promise<void> {
    const known = opened.get(sessionKey) ?? new Map<string, string>()
    for (const write of writes) {
      const before = current(write.target.path)
      const why = refusal(account, {
        target: write.target,
        published: { before: publishedIn(write.target, before?.toString('utf8') ?? null), after: publishedIn(write.target, write.source) },
        deletes: write.source === null,
      })
      if (why) {
        audit({ user: account.name, action: `${action} refused`, files: [{ path: write.target.path }], reason: why })
        throw new Refusal(403, why)
      }
      const base = known.get(write.target.path)
      const now = before ? blobSha(before) : null
      if ((base ?? null) !== now && !(action === 'start translation' && now === null)) {
        const who = await lastAuthor(write.target.path)
        throw new Refusal(
          409,
          now === null
            ? `${write.target.path} was deleted after you opened it${who}. Nothing was saved.`
            : base === undefined
              ? `${write.target.path} already exists${who}. Open it again to edit it; nothing was saved.`
              : `${write.target.path} was changed after you opened it${who}. Nothing was saved: copy your changes, reload the page and apply them to the new version.`,
        )
      }
    }
    // The same check as a file in the repository, on a copy with the writes applied.
    const copy = mkdtempSync(join(tmpdir(), 'ea-cms-check-'))
    try {
      cpSync(contentDir, copy, { recursive: true, filter: (source) => !source.endsWith('/.git') })
      for (const write of writes) {
        const file = join(copy, write.target.path)
        if (write.source === null) rmSync(file, { force: true })
        else {
          mkdirSync(dirname(file), { recursive: true })
          writeFileSync(file, write.source)
        }
      }
      const problems = options.editorial.contentProblems(
        copy,
        writes.map((w) => w.target.path),
      )
      if (problems.length) {
        audit({
          user: account.name,
          action: `${action} refused`,
          files: writes.map((w) => ({ path: w.target.path })),
          problems: problems.slice(0, 10),
        })
        const list = problems.slice(0, 8).map((p) => `• ${p.file}${p.field ? ` (${p.field})` : ''}: ${p.message}`)
        throw new Refusal(
          422,
          `Not saved: the site would not accept this.\n${list.join('\n')}${problems.length > 8 ? `\n…and ${problems.length - 8} more` : ''}`,
        )
      }
    } finally {
      rmSync(copy, { recursive: true, force: true })
    }
    for (const write of writes) {
      const file = join(contentDir, write.target.path)
      if (write.source === null) {
        rmSync(file, { force: true })
        known.delete(write.target.path)
      } else {
        mkdirSync(dirname(file), { recursive: true })
        const temporary = `${file}.${process.pid}.tmp`
        writeFileSync(temporary, write.source)
        renameSync(temporary, file)
        known.set(write.target.path, blobSha(Buffer.from(write.source)))
      }
    }
    opened.set(sessionKey, known)
    const repo = await repository
    let commit: string | null = null
    if (repo) {
      const files = writes.map((w) => join(contentDir, w.target.path).slice(repo.root.length + 1))
      const summary = writes.map((w) => `${w.target.path}${w.changed.length ? ` (${w.changed.join(', ')})` : ''}`).join(', ')
      // The files are saved: a commit that fails (a broken repository) is reported, not turned into a lost save.
      commit = await commitFiles(repo, files, { name: account.displayName, email: account.email }, `${action}: ${summary}`).catch(
        (error: unknown) => {
          console.error('Editorial save written but not committed:', error)
          audit({ user: account.name, action: 'commit failed', files: files.map((path) => ({ path })), error: String(error) })
          return null
        },
      )
    }
    audit({ user: account.name, action, files: writes.map((w) => ({ path: w.target.path, changed: w.changed })), commit })
  }

  async function lastAuthor(path: string): Promise<string> {
    const repo = await repository
    if (!repo) return ''
    const line = await repo
      .run(['log', '-1', '--format=%an at %ad', '--date=format:%H:%M', '--', join(contentDir, path).slice(repo.root.length + 1)])
      .catch(() => '')
    return line.trim() ? ` by ${line.trim()}` : ''
  }

  async function update(req: IncomingMessage, res: ServerResponse, account: Account, sessionKey: string) {
    let body: z.infer<typeof updateSchema>
    try {
      body = updateSchema.parse(JSON.parse((await readBody(req, 8 * 1024 * 1024)).toString('utf8')))
    } catch (error) {
      if (error instanceof Refusal) throw error
      throw new Refusal(400, 'The save could not be read (not the interface’s request).')
    }
    const writes: Write[] = []
    for (const { path, deletes, contents } of [
      ...body.additions.map((a) => ({ path: a.path, deletes: false, contents: a.contents })),
      ...body.deletions.map((d) => ({ path: d.path, deletes: true, contents: '' })),
    ]) {
      const target = parseTarget(path)
      if (!target) throw new Refusal(400, `Only posts, guides and pages can be saved here, not ${path}.`)
      if (deletes) {
        writes.push({ target, source: null, changed: ['deleted'] })
        continue
      }
      const existing = current(path)?.toString('utf8') ?? null
      let merged
      try {
        merged = mergeDocument(target.kind, existing, Buffer.from(contents, 'base64url').toString('utf8'), today())
      } catch (error) {
        throw new Refusal(422, `Not saved: ${error instanceof Error ? error.message : String(error)}`)
      }
      if (existing !== null && !merged.changed.length) continue
      writes.push({ target, source: merged.source, changed: merged.changed })
    }
    if (writes.length) await serially(() => apply(account, sessionKey, writes, 'save'))
    return passToKeystatic(new Request(`http://editorial/api/keystatic/tree`, { headers: { 'no-cors': '1' } }), res)
  }

  async function passToKeystatic(request: Request, res: ServerResponse) {
    const answer = await keystatic(request)
    const headers = Object.fromEntries(new Headers(answer.headers as HeadersInit | undefined))
    const body = typeof answer.body === 'string' ? answer.body : Buffer.from(answer.body ?? '')
    send(res, answer.status ?? 200, body, headers['content-type'] ?? 'application/octet-stream')
  }

  async function startTranslation(req: IncomingMessage, res: ServerResponse, account: Account, sessionKey: string) {
    const form = new URLSearchParams((await readBody(req, 16 * 1024)).toString('utf8'))
    const key = form.get('key') ?? ''
    const locale = form.get('locale') ?? ''
    const target = isLocale(locale) ? parseTarget(`posts/${key}/${locale}.md`) : null
    const english = parseTarget(`posts/${key}/en.md`)
    const source = english && current(english.path)
    if (!target || !source) throw new Refusal(404, `There is no English post "${key}" to translate into "${locale}".`)
    const yaml = splitFile(source.toString('utf8'))
    const copy = `${yaml.head}${patchFrontMatter(
      yaml.yaml,
      new Map<string, unknown>([
        ['draft', true],
        ['updatedAt', today()],
      ]),
    )}${yaml.fence}${yaml.body}`
    await serially(() => apply(account, sessionKey, [{ target, source: copy, changed: ['copied from en as a draft'] }], 'start translation'))
    redirect(res, editorPath('posts', target.locale, key))
  }

  async function changes(url: URL, res: ServerResponse, account: Account) {
    const kind = url.searchParams.get('kind')
    const key = url.searchParams.get('key') ?? ''
    const locale = url.searchParams.get('locale') ?? ''
    const folder = kind === 'posts' || kind === 'guides' || kind === 'pages' ? folderOf[kind] : null
    const translation = folder && isLocale(locale) ? parseTarget(`${folder}/${key}/${locale}.md`) : null
    const english = translation && parseTarget(`${folder}/${key}/en.md`)
    if (!translation || !english || !current(translation.path)) throw new Refusal(404, 'There is no such translation.')
    const repo = await repository
    const diff = repo
      ? await changesSince(
          repo,
          join(contentDir, english.path).slice(repo.root.length + 1),
          join(contentDir, translation.path).slice(repo.root.length + 1),
        )
      : null
    const edit = mayWrite(account)(translation.locale) ? editorPath(translation.kind, translation.locale, key) : null
    html(res, 200, changesPage(`English changes since the ${locale} version of ${key}`, diff, edit, account))
  }

  function preview(url: URL, res: ServerResponse) {
    const path = url.searchParams.get('path') ?? ''
    if (!options.previewToken) throw new Refusal(404, 'Previews are not configured on this server (PREVIEW_TOKEN).')
    if (!/^\/[a-z]{2}(\/[^\s\\?#]*)?$/.test(path) || path.startsWith('//')) throw new Refusal(400, 'That is not a page of the site.')
    // The site's own preview cookie (src/content/preview.server.ts): the token never appears in an address.
    redirect(res, path, { 'set-cookie': `ea_preview=${options.previewToken}; Path=/; Max-Age=86400; HttpOnly; Secure; SameSite=Lax` })
  }

  function asset(pathname: string, res: ServerResponse) {
    const name = pathname.slice('/admin/assets/'.length)
    const file = join(options.adminDir, name)
    if (!/^[\w.-]+$/.test(name) || name === 'manifest.json' || !existsSync(file)) return text(res, 404, 'Not Found')
    const type = name.endsWith('.js')
      ? 'text/javascript; charset=utf-8'
      : name.endsWith('.css')
        ? 'text/css; charset=utf-8'
        : 'application/octet-stream'
    send(res, 200, readFileSync(file), type, { 'cache-control': 'private, max-age=31536000, immutable' })
  }

  async function route(req: IncomingMessage, res: ServerResponse, url: URL) {
    const { pathname } = url
    const method = req.method ?? 'GET'
    const reading = method === 'GET' || method === 'HEAD'
    if (!reading && !sameOrigin(req)) throw new Refusal(403, 'Refused: a change must come from a page of this site.')

    if (pathname === '/admin/sign-in') {
      if (reading) return html(res, 200, signInPage({ next: safeNext(url.searchParams.get('next')) }))
      if (method === 'POST') return signIn(req, res)
    }
    if (pathname === '/admin/sign-out' && method === 'POST') {
      const session = signedIn(req)
      if (session) audit({ user: session.account.name, action: 'sign-out' })
      return redirect(res, '/admin/sign-in', { 'set-cookie': sessionCookie('', 0) })
    }

    const session = signedIn(req)
    if (!session) {
      if (reading && !pathname.startsWith('/api/')) return redirect(res, `/admin/sign-in?next=${encodeURIComponent(pathname)}`)
      throw new Refusal(401, 'Sign in first: your session has ended or you are not signed in.')
    }
    const { account, sessionKey } = session

    if (pathname.startsWith('/api/keystatic/')) {
      const request = new Request(`http://editorial${pathname}`, { method: 'GET', headers: { 'no-cors': String(req.headers['no-cors'] ?? '') } })
      if (pathname === '/api/keystatic/update' && method === 'POST') return update(req, res, account, sessionKey)
      if (pathname === '/api/keystatic/tree' && reading) return passToKeystatic(request, res)
      if (pathname.startsWith('/api/keystatic/blob/') && reading) {
        // What this editor opened: the version a later save of theirs must still find on disk.
        const [sha, ...rest] = pathname.slice('/api/keystatic/blob/'.length).split('/')
        const path = rest.map(decodeURIComponent).join('/')
        const known = opened.get(sessionKey) ?? new Map<string, string>()
        const now = current(path)
        if (now && blobSha(now) === sha) opened.set(sessionKey, known.set(path, sha))
        return passToKeystatic(request, res)
      }
      throw new Refusal(reading ? 404 : 405, 'Not an action of the editorial interface.')
    }
    if (pathname.startsWith('/admin/assets/') && reading) return asset(pathname, res)
    if ((pathname === '/admin' || pathname === '/admin/') && reading) {
      return html(
        res,
        200,
        gridPage(options.editorial.translationGrid(contentDir), account, mayWrite(account), url.searchParams.get('notice') ?? undefined),
      )
    }
    if (pathname === '/admin/translations' && method === 'POST') return startTranslation(req, res, account, sessionKey)
    if (pathname === '/admin/changes' && reading) return changes(url, res, account)
    if (pathname === '/admin/preview' && reading) return preview(url, res)
    if ((pathname === '/keystatic' || pathname.startsWith('/keystatic/')) && reading) {
      const entry = manifest()
      if (!entry) throw new Refusal(503, 'The editorial interface is not built: run npm run build.')
      return html(
        res,
        200,
        keystaticShell(
          `/admin/assets/${entry.file}`,
          (entry.css ?? []).map((css) => `/admin/assets/${css}`),
        ),
      )
    }
    throw new Refusal(404, 'Not Found')
  }

  /** Answers an admin path (see isAdminPath). */
  return async function cms(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://editorial')
    try {
      await route(req, res, url)
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      if (!req.complete) req.resume()
      const wantsHtml =
        (req.method === 'GET' || (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) &&
        !url.pathname.startsWith('/api/')
      if (wantsHtml) return html(res, error.status, messagePage('Not done', error.message, signedIn(req)?.account))
      text(res, error.status, error.message)
    }
  }
}
