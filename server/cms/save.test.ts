// The save pipeline without a server (issue 36): a temporary content folder, the file system and
// Git passed in as fakes that fail where a test says, the content check as a stand-in.
import * as fs from 'node:fs'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Account } from './accounts.ts'
import { Refusal } from './http.ts'
import { parseTarget } from './rights.ts'
import { blobSha, createSaver, type SaveFs, type Write } from './save.ts'

const editor: Account = {
  name: 'maria',
  displayName: 'Maria Editor',
  email: 'maria@example.com',
  role: 'editor',
  languages: [],
  hash: 'scrypt$unused',
  disabled: false,
  stamp: 'stamp',
}
const greek = 'posts/a-post/el.md'
const english = 'posts/a-post/en.md'
let content: string
let audit: Array<Record<string, unknown>>

const write = (path: string, source: string): Write => ({ target: parseTarget(path)!, source, changed: ['body'] })
const bytes = (path: string) => (fs.existsSync(join(content, path)) ? readFileSync(join(content, path), 'utf8') : null)
const listing = () => fs.readdirSync(join(content, 'posts/a-post')).sort()

function saver({ fails, commit }: { fails?: (file: string) => boolean; commit?: () => Promise<string | null> } = {}) {
  // node:fs, except a write into the content that `fails` names.
  const failing: SaveFs = {
    ...fs,
    writeFileSync: ((file: string, data: string) => {
      if (fails?.(String(file))) throw Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), { code: 'ENOSPC' })
      fs.writeFileSync(file, data)
    }) as SaveFs['writeFileSync'],
  }
  const run = vi.fn(async () => '')
  return {
    run,
    ...createSaver({
      contentDir: content,
      current: async (path) => (fs.existsSync(join(content, path)) ? readFileSync(join(content, path)) : null),
      contentProblems: (dir, written) =>
        written.filter((path) => readFileSync(join(dir, path), 'utf8').includes('INVALID')).map((file) => ({ file, message: 'invalid' })),
      repository: Promise.resolve({ root: content, run }),
      audit: (entry) => void audit.push(entry),
      fs: failing,
      commit: commit ?? (async () => 'c0ffee'),
    }),
  }
}

const refused = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(Refusal)
  return error as Refusal
}

beforeEach(() => {
  content = mkdtempSync(join(tmpdir(), 'ea-cms-save-'))
  fs.mkdirSync(join(content, 'posts/a-post'), { recursive: true })
  fs.writeFileSync(join(content, greek), 'greek v1\n')
  fs.writeFileSync(join(content, english), 'english v1\n')
  audit = []
})
afterEach(() => rmSync(content, { recursive: true, force: true }))

describe('the save pipeline', () => {
  const bases = () =>
    new Map([
      [greek, blobSha(Buffer.from('greek v1\n'))],
      [english, blobSha(Buffer.from('english v1\n'))],
    ])

  it('writes, commits with the editor as author and logs the save', async () => {
    const commit = vi.fn(async () => 'c0ffee')
    const { save } = saver({ commit })
    await save(editor, 'session', [write(greek, 'greek v2\n')], 'save', bases())
    expect(bytes(greek)).toBe('greek v2\n')
    expect(commit).toHaveBeenCalledWith(expect.anything(), [greek], { name: 'Maria Editor', email: 'maria@example.com' }, `save: ${greek} (body)`)
    expect(audit).toEqual([expect.objectContaining({ user: 'maria', action: 'save', commit: 'c0ffee' })])
  })

  it('refuses a save based on a stale version with 409, writing nothing', async () => {
    const { save } = saver()
    const stale = new Map([[greek, blobSha(Buffer.from('greek v0\n'))]])
    const error = await refused(save(editor, 'session', [write(greek, 'greek v2\n')], 'save', stale))
    expect(error.status).toBe(409)
    expect(error.message).toContain(`${greek} was changed after you opened it`)
    expect(error.audit).toMatchObject({ action: 'save refused' })
    expect(bytes(greek)).toBe('greek v1\n')
  })

  it('without a base from the tab, checks the version this session opened', async () => {
    const { save, opened } = saver()
    const error = await refused(save(editor, 'session', [write(greek, 'greek v2\n')], 'save'))
    expect(error.status).toBe(409)
    opened('session', greek, blobSha(Buffer.from('greek v1\n')))
    await save(editor, 'session', [write(greek, 'greek v2\n')], 'save')
    // Its own save is now the version it has: a second save goes through too.
    await save(editor, 'session', [write(greek, 'greek v3\n')], 'save')
    expect(bytes(greek)).toBe('greek v3\n')
  })

  it('refuses what the content check refuses with 422, writing nothing', async () => {
    const { save } = saver()
    const error = await refused(save(editor, 'session', [write(greek, 'INVALID\n')], 'save', bases()))
    expect(error.status).toBe(422)
    expect(error.message).toContain(`• ${greek}: invalid`)
    expect(bytes(greek)).toBe('greek v1\n')
  })

  it('a write that fails mid-way (the second of two files) writes neither and leaves no temporary file: 503', async () => {
    const { save } = saver({ fails: (file) => file.startsWith(join(content, english)) })
    const error = await refused(save(editor, 'session', [write(greek, 'greek v2\n'), write(english, 'english v2\n')], 'save', bases()))
    expect(error.status).toBe(503)
    expect(error.message).toContain('could not write the file')
    expect(error.audit).toMatchObject({ action: 'save failed', files: [{ path: greek }, { path: english }] })
    expect([bytes(greek), bytes(english)]).toEqual(['greek v1\n', 'english v1\n'])
    expect(listing()).toEqual(['el.md', 'en.md'])
    expect(audit).toEqual([])
  })

  it('a commit that fails puts every file back, removes new ones and resets the index: 503', async () => {
    const { save, run } = saver({ commit: () => Promise.reject(new Error('git commit: index.lock exists')) })
    const created = 'posts/a-post/de.md'
    const error = await refused(save(editor, 'session', [write(greek, 'greek v2\n'), write(created, 'german\n')], 'save', bases()))
    expect(error.status).toBe(503)
    expect(error.message).toContain('could not be recorded in the repository')
    expect(bytes(greek)).toBe('greek v1\n')
    expect(bytes(created)).toBeNull()
    expect(listing()).toEqual(['el.md', 'en.md'])
    expect(run).toHaveBeenCalledWith(['reset', '--quiet', '--', greek, created])
    expect(audit).toEqual([])
  })

  it('runs saves one at a time, and a failed one does not stop the next', async () => {
    const { save } = saver({ fails: (file) => file.startsWith(join(content, greek)) })
    const first = save(editor, 'session', [write(greek, 'greek v2\n')], 'save', bases())
    const second = save(editor, 'session', [write(english, 'english v2\n')], 'save', bases())
    expect((await refused(first)).status).toBe(503)
    await second
    expect([bytes(greek), bytes(english)]).toEqual(['greek v1\n', 'english v2\n'])
  })
})
