// The editorial interface on the production server (issue 26, decision 019): sign-in, the
// translation grid, and Keystatic's UI and API under a wrapper that Keystatic's local mode lacks —
// a session on every request, the account's rights on every write, refusal of cross-site writes,
// the content check before anything is written, minimal write-back, conflict detection, a commit
// per save and a log line per write. Hardened in issue 35 (decision 019, "Issue 35: hardening"):
// the client's address from the trusted proxy's entry only, sign-in attempts counted before the
// password is checked, file paths confined before any read, bounded requests and documents, sign-out
// ending the session on the server, the version a save is based on checked per tab, all-or-nothing
// writes undone when the commit fails, and every refusal in the audit log.
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
import { BASE_HEADER, BASE_SCRIPT_PATH, baseVersionsScript, parseBaseVersions } from './base-versions.ts'
import { clientAddress } from './client-address.ts'
import { decodeSegments, PathRefusal, readContentFile } from './content-files.ts'
import { changesSince, commitFiles, openRepository } from './git.ts'
import { changesPage, editorPath, gridPage, keystaticShell, messagePage, signInPage } from './pages.ts'
import { verifyPassword } from './passwords.ts'
import { createLimiter } from './rate-limit.ts'
import { folderOf, parseTarget, refusal, type Target } from './rights.ts'
import {
  cookieValue,
  createSessionStore,
  newSessionId,
  SESSION_COOKIE,
  SESSION_HOURS,
  sessionCookie,
  signSession,
  verifySession,
  type Session,
} from './session.ts'
import { DocumentTooLarge, mergeDocument, patchFrontMatter, splitFile } from './write-back.ts'

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

/** A request answered with `status` and a message for the editor; `audit` adds to (or names the action of) its audit line. */
class Refusal extends Error {
  status: number
  audit: Record<string, unknown>
  constructor(status: number, message: string, audit: Record<string, unknown> = {}) {
    super(message)
    this.status = status
    this.audit = audit
  }
}

/** The largest save the interface sends (a document is at most 200 KB, DOCUMENT_LIMITS; base64 adds a third). */
const UPDATE_BYTES = 2 * 1024 * 1024
const FORM_BYTES = 16 * 1024

/** Cleaning up after a failure: a second failure there is logged, never thrown over the first. */
const quietly = (work: () => void) => {
  try {
    work()
  } catch (error) {
    console.error('Editorial save: clean-up failed:', error)
  }
}
const blobSha = (bytes: Buffer) => createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex')
const today = () => new Date().toISOString().slice(0, 10)

const tooLarge = (limit: number) =>
  new Refusal(413, `Not saved: the request is larger than ${limit >= 1024 * 1024 ? `${limit / 1024 / 1024} MB` : `${limit / 1024} KB`}.`)

/** The body, refused (413) as soon as its declared or received length passes `limit`: nothing larger is read or parsed. */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limit) throw tooLarge(limit)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) throw tooLarge(limit)
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
  const sessions = createSessionStore()
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

  function signedIn(req: IncomingMessage): { account: Account; sessionKey: string; session: Session } | null {
    const session = verifySession(cookieValue(req.headers.cookie, SESSION_COOKIE), options.secret)
    // Signed and unexpired is not enough: the session must still be open on this server (not signed out).
    if (!session || !sessions.has(session)) return null
    const account = accounts().find((a) => a.name === session.user)
    if (!account || account.disabled || account.stamp !== session.stamp) return null
    return { account, sessionKey: session.sid, session }
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

  const addressOf = (req: IncomingMessage) => clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], Boolean(options.trustProxy))

  async function signIn(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams((await readBody(req, FORM_BYTES)).toString('utf8'))
    const name = (form.get('name') ?? '').trim().toLowerCase().slice(0, 100)
    const password = form.get('password') ?? ''
    const next = safeNext(form.get('next'))
    const address = addressOf(req)
    // The attempt is counted now, before the password is checked (and given back if it succeeds):
    // between this check and these counts there is no await, so parallel requests cannot all pass.
    const at = Date.now()
    const wait = Math.max(byAddress.retryAfter(address, at), byAccount.retryAfter(name, at))
    if (wait === 0) {
      byAddress.fail(address, at)
      byAccount.fail(name, at)
    }
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60_000)
      audit({ user: name, action: 'sign-in refused', reason: 'too many attempts', address })
      return html(res, 429, signInPage({ message: `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, next, name }), {
        'retry-after': String(Math.ceil(wait / 1000)),
      })
    }
    const account = accounts().find((a) => a.name === name)
    // Without an account the password is still checked against a hash, so the answer takes as long.
    const ok = await verifyPassword(password, account?.hash ?? 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
    if (!account || !ok || account.disabled) {
      audit({ user: name, action: 'sign-in failed', address })
      return html(res, 401, signInPage({ message: 'That account name and password do not match an active account.', next, name }))
    }
    byAccount.reset(name)
    byAddress.release(address, at)
    const maxAge = SESSION_HOURS * 3600
    const session = { user: account.name, stamp: account.stamp, expires: Date.now() + maxAge * 1000, sid: newSessionId() }
    sessions.add(session)
    const cookie = signSession(session, options.secret)
    audit({ user: account.name, action: 'sign-in', address })
    redirect(res, next, { 'set-cookie': sessionCookie(cookie, maxAge) })
  }

  const safeNext = (next: string | null) => (next && /^\/(admin|keystatic)(\/[^\s\\]*)?$/.test(next) && !next.startsWith('//') ? next : '/admin')

  const mayWrite = (account: Account) => (locale: Locale) => account.role === 'editor' || account.languages.includes(locale)

  /** The file's bytes now, or null; only a regular file inside the content is read (content-files.ts). */
  const current = (path: string): Promise<Buffer | null> => readContentFile(contentDir, path)

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

  /** Puts back the bytes each file had (null: it did not exist), each by a temporary file and a rename. */
  function restore(files: Array<{ file: string; before: Buffer | null }>) {
    for (const { file, before } of [...files].reverse()) {
      try {
        if (before === null) rmSync(file, { force: true })
        else {
          const temporary = `${file}.${process.pid}.restore.tmp`
          writeFileSync(temporary, before)
          renameSync(temporary, file)
        }
      } catch (error) {
        console.error('Editorial save: could not restore', file, error)
      }
    }
  }

  /**
   * Checks and applies one set of writes: rights, conflicts, the content check on a copy of the
   * content with the writes applied; then writes (all or nothing), commits and logs. Throws a
   * Refusal with a message an editor understands, having changed nothing.
   * `bases`: the version each file was based on, as the editor's tab says (base-versions.ts); without
   * it, the version this session opened.
   */
  async function apply(account: Account, sessionKey: string, writes: Write[], action: string, bases?: Map<string, string | null>): Promise<void> {
    const known = opened.get(sessionKey) ?? new Map<string, string>()
    const files = writes.map((w) => ({ path: w.target.path }))
    const previous = new Map<string, Buffer | null>()
    for (const write of writes) {
      const before = await current(write.target.path)
      previous.set(write.target.path, before)
      const why = refusal(account, {
        target: write.target,
        published: { before: publishedIn(write.target, before?.toString('utf8') ?? null), after: publishedIn(write.target, write.source) },
        deletes: write.source === null,
      })
      if (why) throw new Refusal(403, why, { action: `${action} refused`, files: [{ path: write.target.path }] })
      const base = bases?.has(write.target.path) ? (bases.get(write.target.path) ?? undefined) : known.get(write.target.path)
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
          { action: `${action} refused`, files: [{ path: write.target.path }] },
        )
      }
    }
    // The same check as a file in the repository, on a copy with the writes applied.
    const copy = mkdtempSync(join(tmpdir(), 'ea-cms-check-'))
    let problems: ReturnType<Editorial['contentProblems']>
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
      problems = options.editorial.contentProblems(
        copy,
        writes.map((w) => w.target.path),
      )
    } catch (error) {
      console.error('Editorial save: the content check could not run:', error)
      throw new Refusal(503, 'Not saved: the server could not check this change (the error is in its log). Nothing was changed; try again.', {
        action: `${action} failed`,
        files,
        error: String(error),
      })
    } finally {
      rmSync(copy, { recursive: true, force: true })
    }
    if (problems.length) {
      const list = problems.slice(0, 8).map((p) => `• ${p.file}${p.field ? ` (${p.field})` : ''}: ${p.message}`)
      throw new Refusal(
        422,
        `Not saved: the site would not accept this.\n${list.join('\n')}${problems.length > 8 ? `\n…and ${problems.length - 8} more` : ''}`,
        {
          action: `${action} refused`,
          files,
          problems: problems.slice(0, 10),
        },
      )
    }

    // All or nothing: every new version goes to a temporary file beside its target first; only when
    // all are written are they renamed into place. A failure on the way puts back what was there.
    const staged = writes.map((write) => {
      const file = join(contentDir, write.target.path)
      return { write, file, temporary: `${file}.${process.pid}.tmp`, before: previous.get(write.target.path) ?? null }
    })
    const applied: typeof staged = []
    const createdFolders: string[] = []
    try {
      for (const { write, file, temporary } of staged) {
        if (write.source === null) continue
        const created = mkdirSync(dirname(file), { recursive: true })
        if (created) createdFolders.push(created)
        writeFileSync(temporary, write.source)
      }
      for (const entry of staged) {
        if (entry.write.source === null) rmSync(entry.file, { force: true })
        else renameSync(entry.temporary, entry.file)
        applied.push(entry)
      }
    } catch (error) {
      restore(applied)
      for (const { temporary } of staged) quietly(() => rmSync(temporary, { force: true }))
      for (const folder of createdFolders.reverse()) quietly(() => rmSync(folder, { recursive: true, force: true }))
      console.error('Editorial save: the files could not be written:', error)
      throw new Refusal(
        503,
        'Not saved: the server could not write the file (the error is in its log). Nothing was changed; try again, and tell an administrator if it happens again.',
        {
          action: `${action} failed`,
          files,
          error: String(error),
        },
      )
    }

    const repo = await repository
    let commit: string | null = null
    if (repo) {
      const paths = writes.map((w) => join(contentDir, w.target.path).slice(repo.root.length + 1))
      const summary = writes.map((w) => `${w.target.path}${w.changed.length ? ` (${w.changed.join(', ')})` : ''}`).join(', ')
      try {
        commit = await commitFiles(repo, paths, { name: account.displayName, email: account.email }, `${action}: ${summary}`)
      } catch (error) {
        // A save the history does not hold would reach no reader (web nodes follow the repository) and
        // would later be committed under someone else's name: it is undone, and the editor is told.
        restore(applied)
        for (const folder of createdFolders.reverse()) quietly(() => rmSync(folder, { recursive: true, force: true }))
        await repo.run(['reset', '--quiet', '--', ...paths]).catch(() => undefined)
        console.error('Editorial save not committed, so undone:', error)
        throw new Refusal(
          503,
          'Not saved: the change could not be recorded in the repository (Git), so it was undone. Try again in a minute; if it happens again, tell an administrator.',
          { action: `${action} failed`, files, error: String(error) },
        )
      }
    }
    for (const write of writes) {
      if (write.source === null) known.delete(write.target.path)
      else known.set(write.target.path, blobSha(Buffer.from(write.source)))
    }
    opened.set(sessionKey, known)
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
    if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
      throw new Refusal(415, 'The save could not be read: it must be sent as application/json.')
    }
    const bases = parseBaseVersions(req.headers[BASE_HEADER])
    if (bases === null) throw new Refusal(400, 'The save could not be read: its base versions are malformed.')
    let body: z.infer<typeof updateSchema>
    try {
      body = updateSchema.parse(JSON.parse((await readBody(req, UPDATE_BYTES)).toString('utf8')))
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
      if (!target) throw new Refusal(400, `Only posts, guides and pages can be saved here, not ${path.slice(0, 200)}.`)
      if (deletes) {
        writes.push({ target, source: null, changed: ['deleted'] })
        continue
      }
      const existing = (await current(path))?.toString('utf8') ?? null
      let merged
      try {
        merged = mergeDocument(target.kind, existing, Buffer.from(contents, 'base64url').toString('utf8'), today())
      } catch (error) {
        if (error instanceof DocumentTooLarge) throw new Refusal(413, `Not saved: ${path}: ${error.message}`, { files: [{ path }] })
        throw new Refusal(422, `Not saved: ${error instanceof Error ? error.message : String(error)}`, { files: [{ path }] })
      }
      if (existing !== null && !merged.changed.length) continue
      writes.push({ target, source: merged.source, changed: merged.changed })
    }
    if (writes.length) await serially(() => apply(account, sessionKey, writes, 'save', bases))
    return passToKeystatic(new Request(`http://editorial/api/keystatic/tree`, { headers: { 'no-cors': '1' } }), res)
  }

  /**
   * A file for Keystatic's reader (its `blob` action, answered here): the path decoded and confined
   * to the collections' folders before any read, only a regular file read, 404 unless its hash is
   * the one asked for. The version is remembered as the one this session opened.
   */
  async function blob(req: IncomingMessage, res: ServerResponse, pathname: string, sessionKey: string) {
    if (req.headers['no-cors'] !== '1') throw new Refusal(400, 'Bad Request')
    const [sha, ...rest] = pathname.slice('/api/keystatic/blob/'.length).split('/')
    const path = decodeSegments(rest)
    if (!/^(posts|countries|pages)\//.test(path)) throw new Refusal(400, 'That is not a file of the content.')
    const bytes = await current(path)
    if (!bytes || blobSha(bytes) !== sha) throw new Refusal(404, 'Not Found')
    opened.set(sessionKey, (opened.get(sessionKey) ?? new Map<string, string>()).set(path, sha))
    send(res, 200, bytes, 'application/octet-stream')
  }

  async function passToKeystatic(request: Request, res: ServerResponse) {
    const answer = await keystatic(request)
    const headers = Object.fromEntries(new Headers(answer.headers as HeadersInit | undefined))
    const body = typeof answer.body === 'string' ? answer.body : Buffer.from(answer.body ?? '')
    send(res, answer.status ?? 200, body, headers['content-type'] ?? 'application/octet-stream')
  }

  async function startTranslation(req: IncomingMessage, res: ServerResponse, account: Account, sessionKey: string) {
    const form = new URLSearchParams((await readBody(req, FORM_BYTES)).toString('utf8'))
    const key = form.get('key') ?? ''
    const locale = form.get('locale') ?? ''
    const target = isLocale(locale) ? parseTarget(`posts/${key}/${locale}.md`) : null
    const english = parseTarget(`posts/${key}/en.md`)
    const source = english && (await current(english.path))
    if (!target || !source) throw new Refusal(404, `There is no English post "${key.slice(0, 120)}" to translate into "${locale.slice(0, 10)}".`)
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
    if (!translation || !english || !(await current(translation.path))) throw new Refusal(404, 'There is no such translation.')
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
      const signed = signedIn(req)
      if (signed) {
        // The session ends here, on the server: a copy of the cookie is refused from now on.
        sessions.end(signed.session)
        audit({ user: signed.account.name, action: 'sign-out' })
      }
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
      if (pathname.startsWith('/api/keystatic/blob/') && reading) return blob(req, res, pathname, sessionKey)
      throw new Refusal(reading ? 404 : 405, 'Not an action of the editorial interface.')
    }
    if (pathname.startsWith('/admin/assets/') && reading) return asset(pathname, res)
    if (pathname === BASE_SCRIPT_PATH && reading) return send(res, 200, baseVersionsScript, 'text/javascript; charset=utf-8')
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
          [BASE_SCRIPT_PATH],
        ),
      )
    }
    throw new Refusal(404, 'Not Found')
  }

  /** Answers an admin path (see isAdminPath). */
  return async function cms(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL
    try {
      url = new URL(req.url ?? '/', 'http://editorial')
    } catch {
      url = new URL('http://editorial/admin/invalid')
    }
    try {
      await route(req, res, url)
    } catch (caught) {
      let error: Refusal
      if (caught instanceof Refusal) error = caught
      else if (caught instanceof PathRefusal) error = new Refusal(caught.status, caught.message)
      else {
        // Never internal error text or a server path in the answer: the log has them.
        console.error('Editorial interface error for', req.method, url.pathname, caught)
        error = new Refusal(500, 'The server could not do this (the error is in its log). Nothing was saved.', { error: String(caught) })
      }
      if (!req.complete) req.resume()
      const account = signedIn(req)?.account
      // Every refusal and failure is an audit line, not only the successes (issue 35, L1).
      audit({
        user: account?.name ?? null,
        action: 'refused',
        status: error.status,
        method: req.method,
        path: url.pathname.slice(0, 300),
        reason: error.message.split('\n')[0].slice(0, 300),
        address: addressOf(req),
        ...error.audit,
      })
      if (res.headersSent) return void res.destroy()
      const wantsHtml =
        (req.method === 'GET' || (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) &&
        !url.pathname.startsWith('/api/')
      if (wantsHtml) return html(res, error.status, messagePage('Not done', error.message, account))
      text(res, error.status, error.message)
    }
  }
}
