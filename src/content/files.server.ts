/**
 * How the content loader reads a file (issue 35): never an exception. A file that cannot be read
 * (a directory named `*.md`, a permission, a file deleted between the listing and the read), one
 * that is not a regular file, or one over the size limit is a problem reported with the file; a
 * link out of the content folder and bytes that are not UTF-8 are warnings.
 */
import { closeSync, fstatSync, lstatSync, openSync, readdirSync, readSync, realpathSync, statSync, constants as fs } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { CONTENT_LIMITS } from '../config/constants'

export type FileRead = { ok: true; text: string; bytes: Buffer; version: string; warnings: string[] } | { ok: false; problem: string }

const utf8 = new TextDecoder('utf-8', { fatal: true })
const lenient = new TextDecoder('utf-8')

/** Whether `path` lies inside `root` (both absolute, real paths). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path)
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep))
}

function codeOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code
  return typeof code === 'string' ? code : 'unknown error'
}

/**
 * Reads one content file below `root`. The size is checked on the open file before anything is
 * read, so a 50 MB file costs a `stat`, not a parse; `version` (modification time and size) is the
 * open file's, so it describes the bytes returned.
 */
export function readContentFile(path: string, root: string, maxBytes: number = CONTENT_LIMITS.maxFileBytes): FileRead {
  const warnings: string[] = []
  let fd: number | undefined
  try {
    if (lstatSync(path).isSymbolicLink()) {
      const target = realpathSync(path)
      if (!isInside(realpathSync(root), target)) warnings.push('is a link to a file outside the content folder: it is published as if it were here')
    }
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just below.
    fd = openSync(path, fs.O_RDONLY | fs.O_NONBLOCK)
    const stat = fstatSync(fd)
    if (!stat.isFile())
      return {
        ok: false,
        problem: `is not a regular file (${stat.isDirectory() ? 'a directory' : 'a device, socket or pipe'}): it cannot be read as content`,
      }
    if (stat.size > maxBytes)
      return {
        ok: false,
        problem: `is ${stat.size.toLocaleString('en')} bytes; a content file may be at most ${maxBytes.toLocaleString('en')} bytes`,
      }
    const bytes = Buffer.alloc(stat.size)
    let read = 0
    while (read < bytes.length) {
      const n = readSync(fd, bytes, read, bytes.length - read, read)
      if (n === 0) break
      read += n
    }
    const body = bytes.subarray(0, read)
    let text: string
    try {
      text = utf8.decode(body)
    } catch {
      text = lenient.decode(body)
      warnings.push('is not valid UTF-8: the bytes that are not are shown as \uFFFD')
    }
    return { ok: true, text, bytes: body, version: `${stat.mtimeMs}:${read}`, warnings }
  } catch (error) {
    return { ok: false, problem: `could not be read (${codeOf(error)})` }
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/** A directory's entries, sorted; an unreadable directory is a problem, not an exception. */
export function listEntries(dir: string): { names: string[]; problem?: string } {
  try {
    return { names: readdirSync(dir).sort() }
  } catch (error) {
    const code = codeOf(error)
    return code === 'ENOENT' ? { names: [] } : { names: [], problem: `could not be listed (${code})` }
  }
}

/** The subdirectories of `dir` (a link to a directory counts; the files in it are read as any other). */
export function listDirectories(dir: string): string[] {
  return listEntries(dir).names.filter((name) => {
    try {
      return statSync(join(dir, name)).isDirectory()
    } catch {
      return false
    }
  })
}
