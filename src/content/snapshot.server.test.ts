import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createSnapshot } from './snapshot.server'

const made: string[] = []
const snapshot = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ea-snap-'))
  made.push(dir)
  return createSnapshot(dir)
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('the last good content as files (issue 35)', () => {
  it('writes the first load through, then only what changed once a load is accepted', () => {
    const s = snapshot()
    const first = s.stage()
    first.onRead('posts/a/en.md', Buffer.from('one'), 'v1')
    first.onRead('posts/b/en.md', Buffer.from('two'), 'v1')
    expect(readFileSync(join(s.dir, 'posts/a/en.md'), 'utf8')).toBe('one')
    s.commit(first)

    // A rejected load is never committed: the snapshot keeps the last good bytes.
    const rejected = s.stage()
    rejected.onRead('posts/a/en.md', Buffer.from('broken'), 'v2')
    expect(readFileSync(join(s.dir, 'posts/a/en.md'), 'utf8')).toBe('one')

    const accepted = s.stage()
    accepted.onRead('posts/a/en.md', Buffer.from('one, fixed'), 'v3')
    expect(readFileSync(join(s.dir, 'posts/a/en.md'), 'utf8')).toBe('one')
    expect(s.commit(accepted)).toEqual({ written: 1, removed: 1 })
    expect(readFileSync(join(s.dir, 'posts/a/en.md'), 'utf8')).toBe('one, fixed')
    // b was not read by the accepted load: it is gone from the content, and from the snapshot.
    expect(existsSync(join(s.dir, 'posts/b/en.md'))).toBe(false)
  })

  it('rewrites nothing that did not change', () => {
    const s = snapshot()
    const first = s.stage()
    first.onRead('x.md', Buffer.from('same'), 'v1')
    s.commit(first)
    const again = s.stage()
    again.onRead('x.md', Buffer.from('same'), 'v1')
    expect(s.commit(again)).toEqual({ written: 0, removed: 0 })
  })
})
