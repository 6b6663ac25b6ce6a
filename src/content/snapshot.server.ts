/**
 * The last good content, as files (issue 35). The server reads bodies when a page is rendered, not
 * at load (memory bounded at any archive size, decision 016), so "keep serving the last good
 * content" needs the last good *bytes* somewhere: here, a private folder that holds exactly the
 * files of the last accepted load. A change is written into it only once the whole content it
 * belongs to has been accepted, with the bytes that were validated (never read again from the
 * content folder, which may have changed meanwhile). Workers load from it and read bodies from it,
 * so a worker started while a rejected file is on disk starts from the last good content too.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/** What one load read: the files' versions, and the bytes of those the snapshot does not hold yet. */
type Staging = {
  onRead: (path: string, bytes: Buffer, version: string) => void
  seen: Map<string, string>
  changed: Map<string, Buffer>
}

export type Snapshot = {
  dir: string
  /** Starts a load; the first one writes straight through (nothing earlier to protect). */
  stage(): Staging
  /** Makes a staged load the last good content: writes what changed, removes what is gone. */
  commit(staging: Staging): { written: number; removed: number }
  /** Removes the folder (the process that made it, at exit). */
  remove(): void
}

/** Writes a file so that a reader sees the old bytes or the new ones, never a part. */
function writeAtomic(path: string, bytes: Buffer) {
  mkdirSync(dirname(path), { recursive: true })
  const temporary = `${path}.${process.pid}.tmp`
  writeFileSync(temporary, bytes)
  renameSync(temporary, path)
}

export function createSnapshot(dir: string = mkdtempSync(join(tmpdir(), 'estate-atlas-content-'))): Snapshot {
  /** Path inside the folder → version of the bytes the snapshot holds. */
  const held = new Map<string, string>()
  let first = true
  return {
    dir,
    stage() {
      const writeThrough = first
      const staging: Staging = {
        seen: new Map(),
        changed: new Map(),
        onRead: (path, bytes, version) => {
          staging.seen.set(path, version)
          if (held.get(path) === version) return
          if (writeThrough) writeAtomic(join(dir, path), bytes)
          else staging.changed.set(path, Buffer.from(bytes))
        },
      }
      return staging
    },
    commit(staging) {
      first = false
      for (const [path, bytes] of staging.changed) writeAtomic(join(dir, path), bytes)
      let removed = 0
      for (const path of held.keys()) {
        if (staging.seen.has(path)) continue
        rmSync(join(dir, path), { force: true })
        removed++
      }
      held.clear()
      for (const [path, version] of staging.seen) held.set(path, version)
      return { written: staging.changed.size, removed }
    },
    remove() {
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
