// The editorial interface's HTTP pieces over web Requests (issue 36): the cross-site write check
// and the body limit, enforced on the stream before anything is parsed.
import { describe, expect, it } from 'vitest'
import { readBody, Refusal, sameOrigin } from './http.ts'

const post = (headers: Record<string, string>) => new Request('http://atlas.example/admin/translations', { method: 'POST', headers })

describe('sameOrigin', () => {
  it('accepts a write from a page of this host, by its Origin or by Sec-Fetch-Site alone', () => {
    expect(sameOrigin(post({ host: 'atlas.example', origin: 'https://atlas.example' }))).toBe(true)
    expect(sameOrigin(post({ host: 'atlas.example', origin: 'https://atlas.example', 'sec-fetch-site': 'same-origin' }))).toBe(true)
    expect(sameOrigin(post({ host: 'atlas.example', 'sec-fetch-site': 'same-origin' }))).toBe(true)
  })

  it('refuses another origin, another Sec-Fetch-Site, a malformed Origin, and a write that says neither', () => {
    expect(sameOrigin(post({ host: 'atlas.example', origin: 'https://evil.example' }))).toBe(false)
    expect(sameOrigin(post({ host: 'atlas.example', origin: 'https://atlas.example', 'sec-fetch-site': 'same-site' }))).toBe(false)
    expect(sameOrigin(post({ host: 'atlas.example', 'sec-fetch-site': 'cross-site' }))).toBe(false)
    expect(sameOrigin(post({ host: 'atlas.example', origin: 'null' }))).toBe(false)
    expect(sameOrigin(post({ host: 'atlas.example' }))).toBe(false)
  })
})

describe('readBody', () => {
  const streamed = (chunks: number, size: number) => {
    let sent = 0
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (sent++ < chunks) controller.enqueue(new Uint8Array(size).fill(97))
          else controller.close()
        },
      },
      { highWaterMark: 0 },
    )
    return { request: new Request('http://atlas.example/x', { method: 'POST', body, duplex: 'half' } as RequestInit), pulled: () => sent }
  }

  it('reads a body within the limit', async () => {
    expect(await readBody(new Request('http://atlas.example/x', { method: 'POST', body: 'name=maria' }), 16 * 1024)).toBe('name=maria')
  })

  it('refuses a declared length over the limit with 413 before reading a byte', async () => {
    const { request, pulled } = streamed(100, 1024)
    const declared = new Request(request, { headers: { 'content-length': String(100 * 1024) } })
    const error = await readBody(declared, 16 * 1024).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Refusal)
    expect((error as Refusal).status).toBe(413)
    expect((error as Refusal).message).toBe('Not saved: the request is larger than 16 KB.')
    // Nothing is read: at most what the Request's own stream plumbing queues ahead (a chunk or two).
    expect(pulled()).toBeLessThanOrEqual(2)
  })

  it('refuses a streamed body (no length) with 413 as soon as it passes the limit, not at its end', async () => {
    const { request, pulled } = streamed(10_000, 1024)
    const error = await readBody(request, 2 * 1024 * 1024).catch((caught: unknown) => caught)
    expect((error as Refusal).status).toBe(413)
    expect((error as Refusal).message).toBe('Not saved: the request is larger than 2 MB.')
    expect(pulled()).toBeLessThan(2100)
  })
})
