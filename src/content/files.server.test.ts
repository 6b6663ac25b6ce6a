import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isInside, listEntries, readContentFile } from './files.server'

let root: string
let outside: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'ea-files-'))
  outside = mkdtempSync(join(tmpdir(), 'ea-outside-'))
})
afterEach(() => {
  rmSync(root, { recursive: true, force: true })
  rmSync(outside, { recursive: true, force: true })
})

describe('a content file read as the loader reads it (issue 35)', () => {
  it('reads a regular file with its version and no warning', () => {
    writeFileSync(join(root, 'en.md'), '---\ntitle: x\n---\nBody')
    const read = readContentFile(join(root, 'en.md'), root)
    expect(read.ok && read.text).toBe('---\ntitle: x\n---\nBody')
    expect(read.ok && read.warnings).toEqual([])
    expect(read.ok && read.version).toMatch(/^\d+(\.\d+)?:21$/)
  })

  it('reports a directory, a missing file and a FIFO as problems instead of throwing', () => {
    mkdirSync(join(root, 'cs.md'))
    expect(readContentFile(join(root, 'cs.md'), root)).toEqual({ ok: false, problem: expect.stringContaining('not a regular file (a directory)') })
    expect(readContentFile(join(root, 'gone.md'), root)).toEqual({ ok: false, problem: 'could not be read (ENOENT)' })
    execFileSync('mkfifo', [join(root, 'pipe.md')])
    // Opening a FIFO with no writer must not block the loader.
    expect(readContentFile(join(root, 'pipe.md'), root)).toEqual({ ok: false, problem: expect.stringContaining('pipe') })
  })

  it('refuses a file over the size limit before reading it', () => {
    writeFileSync(join(root, 'big.md'), 'x'.repeat(2048))
    const read = readContentFile(join(root, 'big.md'), root, 1024)
    expect(read).toEqual({ ok: false, problem: 'is 2,048 bytes; a content file may be at most 1,024 bytes' })
  })

  it('warns of bytes that are not UTF-8 and of a link out of the content folder', () => {
    writeFileSync(join(root, 'bad.md'), Buffer.from([0x61, 0xff, 0x62]))
    const bad = readContentFile(join(root, 'bad.md'), root)
    expect(bad.ok && bad.text).toBe('a\uFFFDb')
    expect(bad.ok && bad.warnings).toEqual([expect.stringContaining('not valid UTF-8')])
    writeFileSync(join(outside, 'secret.md'), 'outside')
    symlinkSync(join(outside, 'secret.md'), join(root, 'pl.md'))
    const linked = readContentFile(join(root, 'pl.md'), root)
    expect(linked.ok && linked.warnings).toEqual([expect.stringContaining('outside the content folder')])
    // A link inside the folder is no concern.
    symlinkSync(join(root, 'bad.md'), join(root, 'fi.md'))
    const inside = readContentFile(join(root, 'fi.md'), root)
    expect(inside.ok && inside.warnings.filter((w) => w.includes('outside'))).toEqual([])
  })

  it('lists a missing folder as empty and tells inside from outside', () => {
    expect(listEntries(join(root, 'none'))).toEqual({ names: [] })
    expect(isInside('/srv/content', '/srv/content/posts/a/en.md')).toBe(true)
    expect(isInside('/srv/content', '/srv/content-other/x.md')).toBe(false)
    expect(isInside('/srv/content', '/etc/passwd')).toBe(false)
  })
})
