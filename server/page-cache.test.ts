import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createPageCache, makeEntry, sharedMaxAge, type Entry } from './page-cache.ts'

// Entries are made at time 0; the tests pass the clock to the cache explicitly.
const html = (text: string, maxAge = 600) =>
  makeEntry(
    {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': `public, max-age=60, s-maxage=${maxAge}` },
      body: Buffer.from(text),
    },
    0,
  )
const cacheable = (e: Entry) => e.status === 200
const counter = (make: () => Entry) => {
  const calls: boolean[] = []
  return { calls, produce: async (background: boolean) => (calls.push(background), make()) }
}

describe('page cache', () => {
  it('reads s-maxage as the shared lifetime', () => {
    expect(sharedMaxAge('public, max-age=60, s-maxage=600, stale-while-revalidate=86400')).toBe(600_000)
    expect(sharedMaxAge('no-store')).toBe(0)
  })

  it('stores Brotli and gzip twins and a stable ETag', () => {
    const entry = html('<p>' + 'Immobilien '.repeat(200) + '</p>')
    expect(entry.br && brotliDecompressSync(entry.br).equals(entry.body)).toBe(true)
    expect(entry.gzip && gunzipSync(entry.gzip).equals(entry.body)).toBe(true)
    expect(entry.etag).toBe(html('<p>' + 'Immobilien '.repeat(200) + '</p>').etag)
  })

  it('serves fresh answers from memory without rendering', async () => {
    const cache = createPageCache()
    const { calls, produce } = counter(() => html('a'))
    expect((await cache.get('k', produce, cacheable, 0)).state).toBe('miss')
    expect((await cache.get('k', produce, cacheable, 1000)).state).toBe('fresh')
    expect(calls).toEqual([false])
  })

  it('serves stale answers while one background render refreshes them', async () => {
    const cache = createPageCache()
    let version = 0
    const { calls, produce } = counter(() => html(`v${++version}`))
    await cache.get('k', produce, cacheable, 0)
    const stale = await Promise.all([1, 2, 3].map(() => cache.get('k', produce, cacheable, 700_000)))
    expect(stale.map((s) => s.state)).toEqual(['stale', 'stale', 'stale'])
    expect(stale[0].entry.body.toString()).toBe('v1')
    await new Promise((r) => setTimeout(r, 10))
    expect(calls).toEqual([false, true])
    expect((await cache.get('k', produce, cacheable, 700_001)).entry.body.toString()).toBe('v2')
    expect(calls.length).toBe(3)
  })

  it('never shares a miss between visitors and keeps only cacheable answers', async () => {
    const cache = createPageCache()
    const { calls, produce } = counter(() => makeEntry({ status: 302, headers: { 'cache-control': 's-maxage=600' }, body: Buffer.alloc(0) }))
    await Promise.all([cache.get('/', produce, cacheable, 0), cache.get('/', produce, cacheable, 0)])
    expect(calls).toEqual([false, false])
    expect(cache.stats().entries).toBe(0)
  })

  it('stays within its byte budget, dropping the least recently used', async () => {
    const cache = createPageCache({ maxBytes: 4000 })
    for (let i = 0; i < 20; i++) await cache.get(`k${i}`, async () => html('x'.repeat(500)), cacheable, 0)
    expect(cache.stats().bytes).toBeLessThanOrEqual(4000)
    expect((await cache.get('k19', async () => html('new'), cacheable, 1)).state).toBe('fresh')
    expect((await cache.get('k0', async () => html('new'), cacheable, 1)).state).toBe('miss')
  })

  it('is emptied on demand (content changed)', async () => {
    const cache = createPageCache()
    await cache.get('k', async () => html('a'), cacheable, 0)
    cache.clear()
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 })
  })
})
