// The editorial interface's answers, one function per route (handler.ts holds the table that picks
// them): sign-in and sign-out, Keystatic's API under our gate, the grid, translations, English
// changes, previews, the admin's assets, Keystatic's shell and the editors' readers' screens. Each
// takes the web Request and returns a Response or throws a Refusal (answered and logged by handler.ts).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { baseLocale, isLocale, locales, type Locale } from '../../src/paraglide/runtime.js'
import { CACHE_POLICY } from '../../src/config/constants.ts'
import type { Account } from './accounts.ts'
import { BASE_HEADER, BASE_SCRIPT_PATH, baseVersionsScript, parseBaseVersions } from './base-versions.ts'
import { decodeSegments } from './content-files.ts'
import { changesSince } from './git.ts'
import { html, readBody, redirect, Refusal, send, text } from './http.ts'
import { changesPage, editorPath, gridPage, keystaticShell, signInPage } from './pages.ts'
import { verifyPassword } from './passwords.ts'
import type { Limiter } from './rate-limit.ts'
import {
  type EditorsReaders,
  INBOX_LIMIT,
  inboxPage,
  isJobStatus,
  isMessageStatus,
  jobStatusList,
  mailPreviewPage,
  messageStatusList,
  readersPage,
  SEND_LOG_LIMIT,
  sendLogPage,
} from './readers-views.ts'
import { folderOf, parseTarget } from './rights.ts'
import { blobSha, type createSaver, type Write } from './save.ts'
import { newSessionId, SESSION_HOURS, sessionCookie, signSession, type createSessionStore, type Session } from './session.ts'
import { DocumentTooLarge, mergeDocument, patchFrontMatter, splitFile } from './write-back.ts'

/** What every route may use (built once by createCms). */
export type Context = {
  contentDir: string
  adminDir: string
  secret: string
  previewToken?: string
  /** The site's own handler: the one writer of its preview cookie (src/server.ts). */
  site?: { fetch(request: Request): Promise<Response> }
  accounts: () => Account[]
  sessions: ReturnType<typeof createSessionStore>
  limits: { byAddress: Limiter; byAccount: Limiter }
  saver: ReturnType<typeof createSaver>
  current: (path: string) => Promise<Buffer | null>
  repository: Promise<{ root: string; run(args: string[]): Promise<string> } | null>
  keystatic: (request: Request) => Promise<{ status?: number; headers?: unknown; body?: string | Uint8Array | null }>
  translationGrid: (contentDir: string) => Parameters<typeof gridPage>[0]
  audit: (entry: Record<string, unknown>) => void
  /** The readers' store and next-mail preview; absent where the readers' features are off. */
  readers?: EditorsReaders
}
/** One request: the signed-in editor (null before sign-in) and the client's address (client-address.ts). */
export type Call = { request: Request; url: URL; address: string; signed: { account: Account; session: Session } | null }

/** The largest save the interface sends (a document is at most 200 KB, DOCUMENT_LIMITS; base64 adds a third). */
const UPDATE_BYTES = 2 * 1024 * 1024
const FORM_BYTES = 16 * 1024
const today = () => new Date().toISOString().slice(0, 10)
const updateSchema = z.object({
  additions: z.array(z.object({ path: z.string(), contents: z.string() })).max(50),
  deletions: z.array(z.object({ path: z.string() })).max(50),
})

const safeNext = (next: string | null) => (next && /^\/(admin|keystatic)(\/[^\s\\]*)?$/.test(next) && !next.startsWith('//') ? next : '/admin')
const mayWrite = (account: Account) => (locale: Locale) => account.role === 'editor' || account.languages.includes(locale)
const signedIn = (call: Call) => {
  if (!call.signed) throw new Refusal(401, 'Sign in first: your session has ended or you are not signed in.')
  return call.signed
}

async function signIn(cx: Context, { request, address }: Call) {
  const form = new URLSearchParams(await readBody(request, FORM_BYTES))
  const name = (form.get('name') ?? '').trim().toLowerCase().slice(0, 100)
  const password = form.get('password') ?? ''
  const next = safeNext(form.get('next'))
  // The attempt is counted now, before the password is checked (and given back if it succeeds):
  // between this check and these counts there is no await, so parallel requests cannot all pass.
  const at = Date.now()
  const { byAddress, byAccount } = cx.limits
  const wait = Math.max(byAddress.retryAfter(address, at), byAccount.retryAfter(name, at))
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60_000)
    cx.audit({ user: name, action: 'sign-in refused', reason: 'too many attempts', address })
    return html(429, signInPage({ message: `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, next, name }), {
      'retry-after': String(Math.ceil(wait / 1000)),
    })
  }
  byAddress.fail(address, at)
  byAccount.fail(name, at)
  const account = cx.accounts().find((a) => a.name === name)
  // Without an account the password is still checked against a hash, so the answer takes as long.
  const ok = await verifyPassword(password, account?.hash ?? 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
  if (!account || !ok || account.disabled) {
    cx.audit({ user: name, action: 'sign-in failed', address })
    return html(401, signInPage({ message: 'That account name and password do not match an active account.', next, name }))
  }
  byAccount.reset(name)
  byAddress.release(address, at)
  const maxAge = SESSION_HOURS * 3600
  const session = { user: account.name, stamp: account.stamp, expires: Date.now() + maxAge * 1000, sid: newSessionId() }
  cx.sessions.add(session)
  cx.audit({ user: account.name, action: 'sign-in', address })
  return redirect(next, { 'set-cookie': sessionCookie(signSession(session, cx.secret), maxAge) })
}

export const redirectToSignIn = (pathname: string) => redirect(`/admin/sign-in?next=${encodeURIComponent(pathname)}`)

function signOut(cx: Context, { signed }: Call) {
  if (signed) {
    // The session ends here, on the server: a copy of the cookie is refused from now on.
    cx.sessions.end(signed.session)
    cx.audit({ user: signed.account.name, action: 'sign-out' })
  }
  return redirect('/admin/sign-in', { 'set-cookie': sessionCookie('', 0) })
}

async function passToKeystatic(cx: Context, request: Request) {
  const answer = await cx.keystatic(request)
  const type = new Headers(answer.headers as HeadersInit | undefined).get('content-type')
  return send(answer.status ?? 200, answer.body ?? '', type ?? 'application/octet-stream')
}

const tree = (cx: Context, { request }: Call) =>
  passToKeystatic(cx, new Request('http://editorial/api/keystatic/tree', { headers: { 'no-cors': request.headers.get('no-cors') ?? '' } }))

async function update(cx: Context, call: Call) {
  const { account, session } = signedIn(call)
  const { request } = call
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get('content-type') ?? '')) {
    throw new Refusal(415, 'The save could not be read: it must be sent as application/json.')
  }
  const bases = parseBaseVersions(request.headers.get(BASE_HEADER) ?? undefined)
  if (bases === null) throw new Refusal(400, 'The save could not be read: its base versions are malformed.')
  let body: z.infer<typeof updateSchema>
  try {
    body = updateSchema.parse(JSON.parse(await readBody(request, UPDATE_BYTES)))
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
    const existing = (await cx.current(path))?.toString('utf8') ?? null
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
  if (writes.length) await cx.saver.save(account, session.sid, writes, 'save', bases)
  return passToKeystatic(cx, new Request(`http://editorial/api/keystatic/tree`, { headers: { 'no-cors': '1' } }))
}

/**
 * A file for Keystatic's reader (its `blob` action, answered here): the path decoded and confined
 * to the collections' folders before any read, only a regular file read, 404 unless its hash is
 * the one asked for. The version is remembered as the one this session opened.
 */
async function blob(cx: Context, call: Call) {
  const { session } = signedIn(call)
  if (call.request.headers.get('no-cors') !== '1') throw new Refusal(400, 'Bad Request')
  const [sha, ...rest] = call.url.pathname.slice('/api/keystatic/blob/'.length).split('/')
  const path = decodeSegments(rest)
  if (!/^(posts|countries|pages)\//.test(path)) throw new Refusal(400, 'That is not a file of the content.')
  const bytes = await cx.current(path)
  if (!bytes || blobSha(bytes) !== sha) throw new Refusal(404, 'Not Found')
  cx.saver.opened(session.sid, path, sha)
  return send(200, bytes, 'application/octet-stream')
}

function grid(cx: Context, call: Call) {
  const { account } = signedIn(call)
  return html(200, gridPage(cx.translationGrid(cx.contentDir), account, mayWrite(account), call.url.searchParams.get('notice') ?? undefined))
}

async function startTranslation(cx: Context, call: Call) {
  const { account, session } = signedIn(call)
  const form = new URLSearchParams(await readBody(call.request, FORM_BYTES))
  const key = form.get('key') ?? ''
  const locale = form.get('locale') ?? ''
  const target = isLocale(locale) ? parseTarget(`posts/${key}/${locale}.md`) : null
  const english = parseTarget(`posts/${key}/en.md`)
  const source = english && (await cx.current(english.path))
  if (!target || !source) throw new Refusal(404, `There is no English post "${key.slice(0, 120)}" to translate into "${locale.slice(0, 10)}".`)
  const yaml = splitFile(source.toString('utf8'))
  const draft = new Map<string, unknown>([
    ['draft', true],
    ['updatedAt', today()],
  ])
  const copy = `${yaml.head}${patchFrontMatter(yaml.yaml, draft)}${yaml.fence}${yaml.body}`
  await cx.saver.save(account, session.sid, [{ target, source: copy, changed: ['copied from en as a draft'] }], 'start translation')
  return redirect(editorPath('posts', target.locale, key))
}

async function changes(cx: Context, call: Call) {
  const { account } = signedIn(call)
  const { searchParams } = call.url
  const kind = searchParams.get('kind')
  const key = searchParams.get('key') ?? ''
  const locale = searchParams.get('locale') ?? ''
  const folder = kind === 'posts' || kind === 'guides' || kind === 'pages' ? folderOf[kind] : null
  const translation = folder && isLocale(locale) ? parseTarget(`${folder}/${key}/${locale}.md`) : null
  const english = translation && parseTarget(`${folder}/${key}/en.md`)
  if (!translation || !english || !(await cx.current(translation.path))) throw new Refusal(404, 'There is no such translation.')
  const repo = await cx.repository
  const relative = (path: string) => join(cx.contentDir, path).slice(repo!.root.length + 1)
  const diff = repo ? await changesSince(repo, relative(english.path), relative(translation.path)) : null
  const edit = mayWrite(account)(translation.locale) ? editorPath(translation.kind, translation.locale, key) : null
  return html(200, changesPage(`English changes since the ${locale} version of ${key}`, diff, edit, account))
}

/**
 * A preview link: the site's own preview cookie, so the token never appears in an address. The
 * cookie is the one the site writes for `?preview=<token>` (src/server.ts, its only writer): we ask
 * the site for it and pass it on, so both ways into a preview set the same cookie.
 */
async function preview(cx: Context, call: Call) {
  signedIn(call)
  const path = call.url.searchParams.get('path') ?? ''
  if (!cx.previewToken || !cx.site) throw new Refusal(404, 'Previews are not configured on this server (PREVIEW_TOKEN).')
  if (!/^\/[a-z]{2}(\/[^\s\\?#]*)?$/.test(path) || path.startsWith('//')) throw new Refusal(400, 'That is not a page of the site.')
  const asked = new URL(path, call.request.url)
  asked.searchParams.set('preview', cx.previewToken)
  const cookies = (await cx.site.fetch(new Request(asked, { method: 'GET' }))).headers.getSetCookie()
  if (!cookies.length) throw new Refusal(404, 'Previews are not configured on this server (PREVIEW_TOKEN).')
  return redirect(path, { 'set-cookie': cookies })
}

function asset(cx: Context, call: Call) {
  signedIn(call)
  const name = call.url.pathname.slice('/admin/assets/'.length)
  const file = join(cx.adminDir, name)
  if (!/^[\w.-]+$/.test(name) || name === 'manifest.json' || !existsSync(file)) return text(404, 'Not Found')
  const type = name.endsWith('.js')
    ? 'text/javascript; charset=utf-8'
    : name.endsWith('.css')
      ? 'text/css; charset=utf-8'
      : 'application/octet-stream'
  return send(200, readFileSync(file), type, { 'cache-control': CACHE_POLICY.fingerprintedPrivate })
}

/** The readers' screens are an editor's: a translator is refused, and a server without the features says so. */
function forEditors(cx: Context, call: Call) {
  const { account } = signedIn(call)
  if (account.role !== 'editor') throw new Refusal(403, 'Only editors see readers and messages.')
  if (!cx.readers) throw new Refusal(404, "The readers' features are not enabled on this server.")
  return { account, readers: cx.readers }
}

async function readersByLanguage(cx: Context, call: Call) {
  const { account, readers } = forEditors(cx, call)
  return html(200, readersPage(await readers.store.readersByLanguageAndCountry(), account))
}

async function nextMail(cx: Context, call: Call) {
  const { account, readers } = forEditors(cx, call)
  const locale = call.url.searchParams.get('locale') || baseLocale
  if (!isLocale(locale)) throw new Refusal(400, `There is no language "${locale.slice(0, 20)}": one of ${locales.join(', ')}.`)
  return html(200, mailPreviewPage(locale, await readers.previewNextMail(locale), account))
}

async function sendLog(cx: Context, call: Call) {
  const { account, readers } = forEditors(cx, call)
  const status = call.url.searchParams.get('status') || undefined
  if (status !== undefined && !isJobStatus(status))
    throw new Refusal(400, `There is no mail status "${status.slice(0, 20)}": one of ${jobStatusList.join(', ')}.`)
  return html(200, sendLogPage(await readers.store.sendLog({ limit: SEND_LOG_LIMIT, status }), status, account))
}

async function inbox(cx: Context, call: Call) {
  const { account, readers } = forEditors(cx, call)
  const { searchParams } = call.url
  const status = searchParams.get('status') || 'new'
  if (!isMessageStatus(status)) throw new Refusal(400, `There is no message status "${status.slice(0, 20)}": one of ${messageStatusList.join(', ')}.`)
  const counted = await readers.store.countMessages()
  const counts = messageStatusList.map((s) => ({ status: s, count: counted[s] }))
  const messages = await readers.store.listMessages(status, { limit: INBOX_LIMIT })
  const done = searchParams.get('done') ?? ''
  return html(200, inboxPage(status, messages, counts, account, isMessageStatus(done) ? done : undefined))
}

/** Moves a message to another state: an audit line with its id (never the sender's address or words), then back to the inbox. */
async function moveMessage(cx: Context, call: Call) {
  const { account, readers } = forEditors(cx, call)
  const form = new URLSearchParams(await readBody(call.request, FORM_BYTES))
  const id = form.get('id') ?? ''
  const status = form.get('status') ?? ''
  const from = form.get('from') ?? ''
  if (!isMessageStatus(status)) throw new Refusal(400, `A message can be moved to ${messageStatusList.join(', ')}, not "${status.slice(0, 20)}".`)
  if (!id || id.length > 100 || !(await readers.store.setMessageStatus(id, status)))
    throw new Refusal(404, 'There is no such message: it may have been deleted.')
  cx.audit({ user: account.name, action: 'message moved', message: id, to: status })
  return redirect(`/admin/inbox?status=${isMessageStatus(from) ? from : status}&done=${status}`)
}

const baseScript = (_: Context, call: Call) => (signedIn(call), send(200, baseVersionsScript, 'text/javascript; charset=utf-8'))

/** Keystatic's page: its built entry (the admin build's Vite manifest) after our base-versions script. */
function shell(cx: Context, call: Call) {
  signedIn(call)
  const path = join(cx.adminDir, 'manifest.json')
  const entries = existsSync(path)
    ? Object.values(JSON.parse(readFileSync(path, 'utf8')) as Record<string, { file: string; css?: string[]; isEntry?: boolean }>)
    : []
  const entry = entries.find((e) => e.isEntry)
  if (!entry) throw new Refusal(503, 'The editorial interface is not built: run npm run build.')
  const css = (entry.css ?? []).map((file) => `/admin/assets/${file}`)
  return html(200, keystaticShell(`/admin/assets/${entry.file}`, css, [BASE_SCRIPT_PATH]))
}

type Route = {
  method: 'read' | 'POST'
  path: string
  prefix?: true
  open?: true
  run: (cx: Context, call: Call) => Response | Promise<Response>
}

/** The routes, first match wins; `read` is GET or HEAD; only `open` ones answer without a session. */
export const routes: Route[] = [
  {
    method: 'read',
    path: '/admin/sign-in',
    open: true,
    run: (_, { url }) => html(200, signInPage({ next: safeNext(url.searchParams.get('next')) })),
  },
  { method: 'POST', path: '/admin/sign-in', open: true, run: signIn },
  { method: 'POST', path: '/admin/sign-out', open: true, run: signOut },
  { method: 'POST', path: '/api/keystatic/update', run: update },
  { method: 'read', path: '/api/keystatic/tree', run: tree },
  { method: 'read', path: '/api/keystatic/blob/', prefix: true, run: blob },
  { method: 'read', path: '/admin/assets/', prefix: true, run: asset },
  { method: 'read', path: BASE_SCRIPT_PATH, run: baseScript },
  { method: 'read', path: '/admin', run: grid },
  { method: 'read', path: '/admin/', run: grid },
  { method: 'POST', path: '/admin/translations', run: startTranslation },
  { method: 'read', path: '/admin/changes', run: changes },
  { method: 'read', path: '/admin/preview', run: preview },
  { method: 'read', path: '/admin/readers', run: readersByLanguage },
  { method: 'read', path: '/admin/readers/preview', run: nextMail },
  { method: 'read', path: '/admin/send-log', run: sendLog },
  { method: 'read', path: '/admin/inbox', run: inbox },
  { method: 'POST', path: '/admin/inbox/status', run: moveMessage },
  { method: 'read', path: '/keystatic', run: shell },
  { method: 'read', path: '/keystatic/', prefix: true, run: shell },
]
