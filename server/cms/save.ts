// The save pipeline of the editorial interface (decision 019; issue 35, F6-F8): rights, conflicts,
// the content check on a copy, an all-or-nothing write, the commit, the audit line. It knows no HTTP:
// it takes the account and the writes and throws a Refusal an editor can read, having changed nothing.
// The file system and Git are passed in, so the unit tests (save.test.ts) can make a write or a commit fail.
import { createHash } from 'node:crypto'
import * as nodeFs from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { LRUCache } from 'lru-cache'
import type { Account } from './accounts.ts'
import { commitFiles } from './git.ts'
import { Refusal } from './http.ts'
import { refusal, type Target } from './rights.ts'
import { splitFile } from './write-back.ts'

/** What the pipeline writes with: node:fs in production, a fake in the tests. */
export type SaveFs = Pick<typeof nodeFs, 'cpSync' | 'mkdirSync' | 'mkdtempSync' | 'renameSync' | 'rmSync' | 'writeFileSync'>
type Repository = { root: string; run(args: string[]): Promise<string> }
type Problem = { file: string; field?: string; message: string }
export type Write = { target: Target; source: string | null; changed: string[] }

export type SaveOptions = {
  contentDir: string
  /** The file's bytes now, or null (content-files.ts readContentFile). */
  current: (path: string) => Promise<Buffer | null>
  /** content:check's rules on a folder, for the written files. */
  contentProblems: (dir: string, written: string[]) => Problem[]
  repository: Promise<Repository | null>
  audit: (entry: Record<string, unknown>) => void
  fs?: SaveFs
  /** Commits the files (git.ts commitFiles); a stand-in in the tests. */
  commit?: typeof commitFiles
}

export const blobSha = (bytes: Buffer) => createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex')

const publishedIn = (target: Target, source: string | null): boolean | null => {
  if (source === null) return null
  if (target.kind !== 'posts') return true
  try {
    return splitFile(source).data.draft !== true
  } catch {
    return false
  }
}

export function createSaver({ contentDir, current, contentProblems, repository, audit, fs = nodeFs, commit = commitFiles }: SaveOptions) {
  /** Per session, the version of each file its editor has opened or saved: a save from an older one is a conflict. */
  const opened = new LRUCache<string, Map<string, string>>({ max: 2000 })
  let queue: Promise<unknown> = Promise.resolve()

  /** Cleaning up after a failure: a second failure there is logged, never thrown over the first. */
  const quietly = (work: () => void) => {
    try {
      work()
    } catch (error) {
      console.error('Editorial save: clean-up failed:', error)
    }
  }

  /** Puts back the bytes each file had (null: it did not exist), each by a temporary file and a rename. */
  function restore(files: Array<{ file: string; before: Buffer | null }>) {
    for (const { file, before } of [...files].reverse()) {
      try {
        if (before === null) fs.rmSync(file, { force: true })
        else {
          const temporary = `${file}.${process.pid}.restore.tmp`
          fs.writeFileSync(temporary, before)
          fs.renameSync(temporary, file)
        }
      } catch (error) {
        console.error('Editorial save: could not restore', file, error)
      }
    }
  }

  async function lastAuthor(path: string): Promise<string> {
    const repo = await repository
    if (!repo) return ''
    const line = await repo
      .run(['log', '-1', '--format=%an at %ad', '--date=format:%H:%M', '--', join(contentDir, path).slice(repo.root.length + 1)])
      .catch(() => '')
    return line.trim() ? ` by ${line.trim()}` : ''
  }

  /** Rights and conflicts of each write; the bytes each file has now. */
  async function admit(account: Account, sessionKey: string, writes: Write[], action: string, bases?: Map<string, string | null>) {
    const known = opened.get(sessionKey) ?? new Map<string, string>()
    const previous = new Map<string, Buffer | null>()
    for (const write of writes) {
      const { path } = write.target
      const before = await current(path)
      previous.set(path, before)
      const why = refusal(account, {
        target: write.target,
        published: { before: publishedIn(write.target, before?.toString('utf8') ?? null), after: publishedIn(write.target, write.source) },
        deletes: write.source === null,
      })
      if (why) throw new Refusal(403, why, { action: `${action} refused`, files: [{ path }] })
      const base = bases?.has(path) ? (bases.get(path) ?? undefined) : known.get(path)
      const now = before ? blobSha(before) : null
      if ((base ?? null) !== now && !(action === 'start translation' && now === null)) {
        const who = await lastAuthor(path)
        throw new Refusal(
          409,
          now === null
            ? `${path} was deleted after you opened it${who}. Nothing was saved.`
            : base === undefined
              ? `${path} already exists${who}. Open it again to edit it; nothing was saved.`
              : `${path} was changed after you opened it${who}. Nothing was saved: copy your changes, reload the page and apply them to the new version.`,
          { action: `${action} refused`, files: [{ path }] },
        )
      }
    }
    return previous
  }

  /** The same check as a file in the repository, on a copy of the content with the writes applied. */
  function check(writes: Write[], action: string, files: Array<{ path: string }>) {
    const copy = fs.mkdtempSync(join(tmpdir(), 'ea-cms-check-'))
    let problems: Problem[]
    try {
      fs.cpSync(contentDir, copy, { recursive: true, filter: (source) => !source.endsWith('/.git') })
      for (const write of writes) {
        const file = join(copy, write.target.path)
        if (write.source === null) fs.rmSync(file, { force: true })
        else {
          fs.mkdirSync(dirname(file), { recursive: true })
          fs.writeFileSync(file, write.source)
        }
      }
      problems = contentProblems(
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
      fs.rmSync(copy, { recursive: true, force: true })
    }
    if (problems.length) {
      const list = problems.slice(0, 8).map((p) => `• ${p.file}${p.field ? ` (${p.field})` : ''}: ${p.message}`)
      throw new Refusal(
        422,
        `Not saved: the site would not accept this.\n${list.join('\n')}${problems.length > 8 ? `\n…and ${problems.length - 8} more` : ''}`,
        { action: `${action} refused`, files, problems: problems.slice(0, 10) },
      )
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
    const files = writes.map((w) => ({ path: w.target.path }))
    const previous = await admit(account, sessionKey, writes, action, bases)
    check(writes, action, files)

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
        const created = fs.mkdirSync(dirname(file), { recursive: true })
        if (created) createdFolders.push(created)
        fs.writeFileSync(temporary, write.source)
      }
      for (const entry of staged) {
        if (entry.write.source === null) fs.rmSync(entry.file, { force: true })
        else fs.renameSync(entry.temporary, entry.file)
        applied.push(entry)
      }
    } catch (error) {
      restore(applied)
      for (const { temporary } of staged) quietly(() => fs.rmSync(temporary, { force: true }))
      for (const folder of createdFolders.reverse()) quietly(() => fs.rmSync(folder, { recursive: true, force: true }))
      console.error('Editorial save: the files could not be written:', error)
      throw new Refusal(
        503,
        'Not saved: the server could not write the file (the error is in its log). Nothing was changed; try again, and tell an administrator if it happens again.',
        { action: `${action} failed`, files, error: String(error) },
      )
    }

    const repo = await repository
    let commitId: string | null = null
    if (repo) {
      const paths = writes.map((w) => join(contentDir, w.target.path).slice(repo.root.length + 1))
      const summary = writes.map((w) => `${w.target.path}${w.changed.length ? ` (${w.changed.join(', ')})` : ''}`).join(', ')
      try {
        commitId = await commit(repo, paths, { name: account.displayName, email: account.email }, `${action}: ${summary}`)
      } catch (error) {
        // A save the history does not hold would reach no reader (web nodes follow the repository) and
        // would later be committed under someone else's name: it is undone, and the editor is told.
        restore(applied)
        for (const folder of createdFolders.reverse()) quietly(() => fs.rmSync(folder, { recursive: true, force: true }))
        await repo.run(['reset', '--quiet', '--', ...paths]).catch(() => undefined)
        console.error('Editorial save not committed, so undone:', error)
        throw new Refusal(
          503,
          'Not saved: the change could not be recorded in the repository (Git), so it was undone. Try again in a minute; if it happens again, tell an administrator.',
          { action: `${action} failed`, files, error: String(error) },
        )
      }
    }
    const known = opened.get(sessionKey) ?? new Map<string, string>()
    for (const write of writes) {
      if (write.source === null) known.delete(write.target.path)
      else known.set(write.target.path, blobSha(Buffer.from(write.source)))
    }
    opened.set(sessionKey, known)
    audit({ user: account.name, action, files: writes.map((w) => ({ path: w.target.path, changed: w.changed })), commit: commitId })
  }

  return {
    /** Applies `writes` after every save before it has finished (one at a time: one editorial node). */
    save: (account: Account, sessionKey: string, writes: Write[], action: string, bases?: Map<string, string | null>) => {
      const run = queue.then(
        () => apply(account, sessionKey, writes, action, bases),
        () => apply(account, sessionKey, writes, action, bases),
      )
      queue = run.catch(() => undefined)
      return run
    },
    /** Remembers that this session opened `path` at version `sha` (Keystatic's blob read). */
    opened: (sessionKey: string, path: string, sha: string) =>
      void opened.set(sessionKey, (opened.get(sessionKey) ?? new Map<string, string>()).set(path, sha)),
  }
}
