// Serves the build's client files with srvx's static middleware: the .br/.gz twins written at build
// time when the browser accepts them, ETags and 304s; fingerprinted assets immutable. What stays ours:
// the index of files taken at start (a request for anything else never touches the file system),
// our content types and the Cache-Control policy.
import { readdirSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, relative, sep } from 'node:path'
import { NodeRequest, sendNodeResponse } from 'srvx/node'
import { staticMiddleware } from 'srvx/static'
import { CACHE_POLICY } from '../src/config/constants.ts'

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

export function acceptedEncoding(header = ''): 'br' | 'gzip' | null {
  const accepts = (name: string) => new RegExp(`(^|,)\\s*${name}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[0-9.]+)?\\s*(,|$)`).test(header)
  if (accepts('br')) return 'br'
  if (accepts('gzip')) return 'gzip'
  return null
}

/** The client directory's files (URL paths, without the .br/.gz twins), indexed once at start. */
export function createStatic(clientDir: string) {
  const files = new Set(
    walk(clientDir)
      .filter((path) => !path.endsWith('.br') && !path.endsWith('.gz'))
      .map((path) => '/' + relative(clientDir, path).split(sep).join('/')),
  )
  // Precompressed twins only: nothing is compressed per request (compress: false), as before.
  const middleware = staticMiddleware({ dir: clientDir, encodings: { br: '.br', gzip: '.gz' }, compress: false, dotfiles: false })
  const missing = () => new Response(null, { status: 404 })

  return {
    has: (pathname: string): boolean => pathname !== '/' && files.has(pathname),
    /** Answers a GET or HEAD for an indexed file; false when the file has gone since the start. */
    async serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
      const response = await middleware(new NodeRequest({ req, res }), missing)
      if (response.status === 404) return false
      response.headers.set('cache-control', pathname.startsWith('/assets/') ? CACHE_POLICY.fingerprinted : CACHE_POLICY.publicFile)
      const type = types[extname(pathname)]
      if (type && response.status !== 304) response.headers.set('content-type', type)
      await sendNodeResponse(res, response)
      return true
    },
  }
}
