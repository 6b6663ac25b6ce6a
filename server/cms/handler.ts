// The editorial interface on the production server (issue 26, decision 019): sign-in, the
// translation grid, and Keystatic's UI and API under a wrapper that Keystatic's local mode lacks —
// a session on every request, the account's rights on every write, refusal of cross-site writes,
// the content check before anything is written, minimal write-back, conflict detection, a commit
// per save and a log line per write (hardened in issue 35). A fetch-style handler, web Request in,
// Response out (issue 36), mounted by server/app.ts; the routes are in routes.ts, the save pipeline
// in save.ts, the answers, body limit and cross-site check in http.ts.
import { appendFileSync, mkdirSync, realpathSync } from 'node:fs'
import { dirname } from 'node:path'
import { makeGenericAPIRouteHandler } from '@keystatic/core/api/generic'
import keystaticConfig from '../../src/cms/keystatic.config.ts'
import { accountsReader } from './accounts.ts'
import { clientAddress } from './client-address.ts'
import { PathRefusal, readContentFile } from './content-files.ts'
import { openRepository } from './git.ts'
import { html, Refusal, sameOrigin, text } from './http.ts'
import { messagePage } from './pages.ts'
import { createLimiter } from './rate-limit.ts'
import type { EditorsReaders } from './readers-views.ts'
import * as answer from './routes.ts'
import { createSaver } from './save.ts'
import { readCookie } from '../../src/config/cookies.ts'
import { createSessionStore, verifySession } from './session.ts'

/** What the server build offers the editorial server (src/cms/editorial.server.ts, exported by src/server.ts). */
export type Editorial = Pick<typeof import('../../src/cms/editorial.server.ts'), 'contentProblems' | 'translationGrid'>

export type CmsOptions = {
  contentDir: string
  secret: string
  usersFile: string
  auditLog: string
  adminDir: string
  previewToken?: string
  /** The site's handler (src/server.ts): it writes the preview cookie that /admin/preview passes on. */
  site?: { fetch(request: Request): Promise<Response> }
  /** Behind a proxy (TRUST_PROXY), the client's address is the last of X-Forwarded-For: the one our proxy added, not one a client wrote. */
  trustProxy?: boolean
  editorial: Editorial
  /** The readers' screens for editors (issue 39): without it they answer 404. */
  readers?: EditorsReaders
}

export function createCms(options: CmsOptions) {
  const contentDir = realpathSync(options.contentDir)
  const accounts = accountsReader(options.usersFile)
  // A malformed accounts file stops the start with its message, not every request later.
  accounts()
  const sessions = createSessionStore()
  const repository = openRepository(contentDir)
  const audit = (entry: Record<string, unknown>) => {
    mkdirSync(dirname(options.auditLog), { recursive: true })
    appendFileSync(options.auditLog, `${JSON.stringify({ at: new Date().toISOString(), ...entry })}\n`)
  }
  /** The file's bytes now, or null; only a regular file inside the content is read (content-files.ts). */
  const current = (path: string) => readContentFile(contentDir, path)
  const cx: answer.Context = {
    contentDir,
    adminDir: options.adminDir,
    secret: options.secret,
    previewToken: options.previewToken,
    site: options.site,
    accounts,
    sessions,
    limits: { byAddress: createLimiter({ max: 20, windowMs: 15 * 60_000 }), byAccount: createLimiter({ max: 5, windowMs: 15 * 60_000 }) },
    saver: createSaver({ contentDir, current, contentProblems: options.editorial.contentProblems, repository, audit }),
    current,
    repository,
    keystatic: makeGenericAPIRouteHandler({ config: keystaticConfig, localBaseDirectory: contentDir }),
    translationGrid: options.editorial.translationGrid,
    audit,
    readers: options.readers,
  }

  function signedIn(request: Request): answer.Call['signed'] {
    const session = verifySession(readCookie(request.headers.get('cookie'), 'session'), options.secret)
    // Signed and unexpired is not enough: the session must still be open on this server (not signed out).
    if (!session || !sessions.has(session)) return null
    const account = accounts().find((a) => a.name === session.user)
    if (!account || account.disabled || account.stamp !== session.stamp) return null
    return { account, session }
  }

  async function route(call: answer.Call): Promise<Response> {
    const { pathname } = call.url
    const method = call.request.method
    const reading = method === 'GET' || method === 'HEAD'
    if (!reading && !sameOrigin(call.request)) throw new Refusal(403, 'Refused: a change must come from a page of this site.')
    const found = answer.routes.find(
      (r) => (r.method === 'read' ? reading : method === r.method) && (r.prefix ? pathname.startsWith(r.path) : pathname === r.path),
    )
    if (found?.open) return found.run(cx, call)
    if (!call.signed) {
      if (reading && !pathname.startsWith('/api/')) return answer.redirectToSignIn(pathname)
      throw new Refusal(401, 'Sign in first: your session has ended or you are not signed in.')
    }
    if (found) return found.run(cx, call)
    if (pathname.startsWith('/api/keystatic/')) throw new Refusal(reading ? 404 : 405, 'Not an action of the editorial interface.')
    throw new Refusal(404, 'Not Found')
  }

  /** Answers an admin path (see isAdminPath); `info.address` is the socket's address. */
  return async function cms(request: Request, info: { address?: string } = {}): Promise<Response> {
    const url = new URL(request.url)
    const address = clientAddress(info.address, request.headers.get('x-forwarded-for') ?? undefined, Boolean(options.trustProxy))
    const signed = signedIn(request)
    try {
      return await route({ request, url, address, signed })
    } catch (caught) {
      let error: Refusal
      if (caught instanceof Refusal) error = caught
      else if (caught instanceof PathRefusal) error = new Refusal(caught.status, caught.message)
      else {
        // Never internal error text or a server path in the answer: the log has them.
        console.error('Editorial interface error for', request.method, url.pathname, caught)
        error = new Refusal(500, 'The server could not do this (the error is in its log). Nothing was saved.', { error: String(caught) })
      }
      const account = signedIn(request)?.account
      // Every refusal and failure is an audit line, not only the successes (issue 35, L1).
      audit({
        user: account?.name ?? null,
        action: 'refused',
        status: error.status,
        method: request.method,
        path: url.pathname.slice(0, 300),
        reason: error.message.split('\n')[0].slice(0, 300),
        address,
        ...error.audit,
      })
      const form = (request.headers.get('content-type') ?? '').startsWith('application/x-www-form-urlencoded')
      const wantsHtml = (request.method === 'GET' || form) && !url.pathname.startsWith('/api/')
      if (wantsHtml) return html(error.status, messagePage('Not done', error.message, account))
      return text(error.status, error.message)
    }
  }
}
