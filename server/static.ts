// Serves the build's client files: fingerprinted assets immutable, everything with an ETag,
// and the .br/.gz twins written at build time when the browser accepts them.
import { createReadStream, readdirSync, statSync } from 'node:fs'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { extname, join, relative, sep } from 'node:path'

/** A file of the build as indexed at start, with its precompressed twins when they exist. */
export type StaticFile = {
  path: string
  size: number
  type: string
  etag: string
  immutable: boolean
  br: { path: string; size: number } | null
  gz: { path: string; size: number } | null
}

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? walk(path) : [path]
  })
}

/** Indexes the client directory once at start; requests never touch the file system to look up. */
export function indexStatic(clientDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>()
  const all = new Set(walk(clientDir))
  for (const path of all) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue
    const stat = statSync(path)
    const urlPath = '/' + relative(clientDir, path).split(sep).join('/')
    const variant = (suffix: string) => (all.has(path + suffix) ? { path: path + suffix, size: statSync(path + suffix).size } : null)
    files.set(urlPath, {
      path,
      size: stat.size,
      type: types[extname(path)] ?? 'application/octet-stream',
      etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      immutable: urlPath.startsWith('/assets/'),
      br: variant('.br'),
      gz: variant('.gz'),
    })
  }
  return files
}

export function acceptedEncoding(header = ''): 'br' | 'gzip' | null {
  const accepts = (name: string) => new RegExp(`(^|,)\\s*${name}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[0-9.]+)?\\s*(,|$)`).test(header)
  if (accepts('br')) return 'br'
  if (accepts('gzip')) return 'gzip'
  return null
}

export function serveStatic(req: IncomingMessage, res: ServerResponse, file: StaticFile, extraHeaders: OutgoingHttpHeaders = {}): void {
  const headers: OutgoingHttpHeaders = {
    ...extraHeaders,
    'content-type': file.type,
    etag: file.etag,
    'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
  }
  const compressible = file.br || file.gz
  if (compressible) headers.vary = 'Accept-Encoding'
  if (req.headers['if-none-match'] === file.etag) {
    res.writeHead(304, headers)
    res.end()
    return
  }
  const encoding = compressible ? acceptedEncoding(req.headers['accept-encoding']) : null
  const chosen = encoding === 'br' ? file.br : encoding === 'gzip' ? (file.gz ?? null) : null
  const source = chosen ?? file
  if (chosen) headers['content-encoding'] = encoding === 'br' && file.br ? 'br' : 'gzip'
  headers['content-length'] = source.size
  res.writeHead(200, headers)
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  createReadStream(source.path).pipe(res)
}
