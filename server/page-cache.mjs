// Finished answers kept in memory per URL: body with Brotli and gzip twins, headers, ETag.
// Fresh for the answer's s-maxage; then served stale while one request renders it again.
// Bounded by bytes (least recently used first out); emptied when the content changes.
import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const MAX_STALE_MS = 24 * 3600 * 1000

export function sharedMaxAge(cacheControl) {
  const match = /(?:^|,)\s*s-maxage=(\d+)/i.exec(cacheControl ?? '')
  return match ? Number(match[1]) * 1000 : 0
}

export const compressible = (type) => /^(text\/|application\/(json|xml|rss\+xml|javascript|manifest\+json|x-ndjson))/i.test(type ?? '')

/**
 * Builds the stored form of an answer: compressed once (Brotli and gzip), served many times.
 * With `compress: false` the answer is compressed on the way out, in the one encoding asked for.
 */
export function makeEntry({ status, headers, body }, now = Date.now(), { compress = true } = {}) {
  const entry = {
    status,
    headers,
    body,
    etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
    br: null,
    gzip: null,
    storedAt: now,
    freshUntil: now + sharedMaxAge(headers['cache-control']),
    bytes: body.length,
  }
  if (compress && compressible(headers['content-type']) && body.length >= 1024) {
    entry.br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    entry.gzip = gzipSync(body, { level: 6 })
    entry.bytes += entry.br.length + entry.gzip.length
  }
  return entry
}

export function createPageCache({ maxBytes = 64 * 1024 * 1024 } = {}) {
  const entries = new Map()
  const pending = new Map()
  let bytes = 0

  const remove = (key) => {
    const entry = entries.get(key)
    if (!entry) return
    bytes -= entry.bytes
    entries.delete(key)
  }

  const store = (key, entry) => {
    remove(key)
    if (entry.bytes > maxBytes / 4) return
    entries.set(key, entry)
    bytes += entry.bytes
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break
      remove(oldest)
    }
  }

  const keepIfCacheable = (key, cacheable) => (entry) => {
    if (cacheable(entry)) store(key, entry)
    return entry
  }

  /** One background refresh per key at a time; it renders without the visitor's cookies. */
  const refresh = (key, produce, cacheable) => {
    if (pending.has(key)) return
    const promise = produce(true)
      .then(keepIfCacheable(key, cacheable))
      .catch(() => {})
      .finally(() => pending.delete(key))
    pending.set(key, promise)
  }

  return {
    /**
     * The answer for `key`: fresh from memory, stale from memory with a refresh started, or
     * rendered now for this visitor (a miss is never shared: an answer that turns out to depend on
     * the visitor's cookies is not cacheable and must not reach anyone else).
     * `produce(background)` renders; `cacheable` decides whether a rendered answer may be kept.
     */
    async get(key, produce, cacheable, now = Date.now()) {
      const hit = entries.get(key)
      if (hit) {
        entries.delete(key)
        entries.set(key, hit)
        if (now < hit.freshUntil) return { entry: hit, state: 'fresh' }
        if (now < hit.freshUntil + MAX_STALE_MS) {
          refresh(key, produce, cacheable)
          return { entry: hit, state: 'stale' }
        }
      }
      return { entry: keepIfCacheable(key, cacheable)(await produce(false)), state: 'miss' }
    },
    clear() {
      entries.clear()
      bytes = 0
    },
    stats: () => ({ entries: entries.size, bytes, refreshing: pending.size }),
  }
}

/**
 * One-off compression for an answer that will not be kept: fast settings, one encoding. On a 73 KB
 * post, Brotli 3 takes 0.40 ms for 16.9 KB where Brotli 4 takes 0.64 ms for 15.8 KB (gzip 3: 0.41
 * ms, 17.8 KB); for an answer computed per request the CPU matters more than the last kilobyte.
 */
export function compressOnce(body, encoding) {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 3, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 3 })
}
