// Reading a file of the content by the path a request names (issue 35, finding F3). The path is
// decoded, checked and resolved inside the content folder before anything touches the disk, and only
// a regular file is read — never a directory, a FIFO or a device (which would block or never end),
// never through a symbolic link, never one larger than the editor could have written.
import { constants } from 'node:fs'
import { lstat, open, realpath } from 'node:fs/promises'
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'

/** A path the request may not name, or a file it may not read: the caller answers 400 (or 413). */
export class PathRefusal extends Error {
  status: number
  constructor(message: string, status = 400) {
    super(message)
    this.status = status
  }
}

/** The largest file of the content the interface reads (the largest bundled one is 14 KB). */
const MAX_FILE_BYTES = 1024 * 1024

/** Percent-decoded URL path segments joined with `/`; a malformed escape is refused, not thrown. */
export function decodeSegments(segments: string[]): string {
  try {
    return segments.map(decodeURIComponent).join('/')
  } catch {
    throw new PathRefusal('That address is not a file of the content (malformed % escape).')
  }
}

/** `path` (relative, `/`-separated) checked and resolved inside `contentDir` (itself a real path). */
function confine(contentDir: string, path: string): string {
  const segments = path.split('/')
  if (
    !path ||
    path.length > 1024 ||
    // Control characters (NUL included), backslashes and a drive or scheme prefix are never in a content path.
    [...path].some((c) => c.charCodeAt(0) < 0x20 || c === '\x7f' || c === '\\' || c === ':') ||
    isAbsolute(path) ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  ) {
    throw new PathRefusal('That is not a file of the content.')
  }
  const full = resolve(contentDir, ...segments)
  const inside = relative(contentDir, full)
  if (!inside || inside.startsWith('..') || isAbsolute(inside) || !full.startsWith(contentDir + sep)) {
    throw new PathRefusal('That is not a file of the content.')
  }
  return full
}

/**
 * The bytes of the content file at `path`, or null when there is none. Refuses (PathRefusal) a path
 * outside the content, a link, anything but a regular file, and a file over `maxBytes`.
 */
export async function readContentFile(contentDir: string, path: string, maxBytes = MAX_FILE_BYTES): Promise<Buffer | null> {
  const full = confine(contentDir, path)
  let info
  try {
    info = await lstat(full)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return null
    throw error
  }
  if (!info.isFile()) throw new PathRefusal('That is not a file of the content.')
  // A folder on the way that is a link out of the content is refused too.
  const folder = await realpath(dirname(full))
  if (folder !== contentDir && !folder.startsWith(contentDir + sep)) throw new PathRefusal('That is not a file of the content.')
  if (info.size > maxBytes) throw new PathRefusal('That file is larger than the interface edits.', 413)
  // O_NOFOLLOW and O_NONBLOCK: if the file was swapped for a link or a FIFO since lstat, opening neither follows nor waits.
  const handle = await open(full, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  try {
    const opened = await handle.stat()
    if (!opened.isFile()) throw new PathRefusal('That is not a file of the content.')
    if (opened.size > maxBytes) throw new PathRefusal('That file is larger than the interface edits.', 413)
    return await handle.readFile()
  } finally {
    await handle.close()
  }
}
