import { describe, expect, it, vi } from 'vitest'
import { guardServerFunction, isPayloadShape } from './server-functions.server'

const id = 'a'.repeat(64)
const call = (query: string, init: RequestInit = {}) => new Request(`http://localhost/_serverFn/${id}${query}`, init)
const ok = () => Promise.resolve(new Response('{"result":1}', { status: 200 }))
// What Start's client sends for { data: { locale: 'en', slug: 'abc' } } (seroval's JSON form).
const realPayload = '{"t":{"t":10,"i":0,"p":{"k":["data"],"v":[{"t":10,"i":1,"p":{"k":["locale","slug"],"v":[{"t":1,"s":"en"},{"t":1,"s":"abc"}]},"o":0}]},"o":0},"f":127,"m":[]}'

describe('server-function payloads', () => {
  it('accepts the JSON object Start sends and refuses anything else', () => {
    expect(isPayloadShape(realPayload)).toBe(true)
    for (const bad of ['null', '{', '[1,2]', '42', '"text"', '', 'true', '{}', '{"t":0}', '{"t":10,"i":0}', `${'['.repeat(100)}${']'.repeat(100)}`, `{"a":${'{"a":'.repeat(80)}1${'}'.repeat(81)}`]) {
      expect(isPayloadShape(bad), bad.slice(0, 20)).toBe(false)
    }
  })

  it('answers 400 with a plain message before Start reads a malformed payload, logged in one line', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const run = vi.fn(ok)
    for (const payload of ['null', '%7B', '%5B1%5D', '42', '%22x%22']) {
      const response = await guardServerFunction(call(`?payload=${payload}&createServerFn`), run)
      expect(response.status, payload).toBe(400)
      expect(await response.json()).toEqual({ error: 'Bad Request: the server-function input could not be read' })
    }
    const post = await guardServerFunction(call('', { method: 'POST', body: '[1]', headers: { 'content-type': 'application/json', 'content-length': '3' } }), run)
    expect(post.status).toBe(400)
    expect(run).not.toHaveBeenCalled()
    expect(warn).toHaveBeenCalledTimes(6)
    expect(warn.mock.calls.every(([line]) => !String(line).includes('\n'))).toBe(true)
    warn.mockRestore()
  })

  it('lets a well-formed payload through to Start', async () => {
    const run = vi.fn(ok)
    expect((await guardServerFunction(call(`?payload=${encodeURIComponent(realPayload)}&createServerFn`), run)).status).toBe(200)
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('answers 413 and 414 for inputs over the limits', async () => {
    expect((await guardServerFunction(call(`?payload=${'x'.repeat(1_000_000)}`), ok)).status).toBe(414)
    const big = call('', { method: 'POST', body: 'x', headers: { 'content-type': 'application/json', 'content-length': String(1_000_000) } })
    expect((await guardServerFunction(big, ok)).status).toBe(413)
  })

  it('never passes internal error text to the client, and logs the failure once without a stack', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const failing = () => Promise.resolve(new Response(JSON.stringify({ message: "Cannot read properties of null (reading 'f')\n    at handler (server.js:1:2)" }), { status: 500 }))
    const response = await guardServerFunction(call(`?payload=${encodeURIComponent(realPayload)}`), failing)
    expect(response.status).toBe(500)
    const body = await response.text()
    expect(body).not.toMatch(/Cannot read|server\.js/)
    expect(log).toHaveBeenCalledTimes(1)
    expect(String(log.mock.calls[0][0])).toMatch(/Cannot read properties of null/)
    expect(String(log.mock.calls[0][0])).not.toMatch(/server\.js/)
    log.mockRestore()
  })

  it('turns an input error reported by Start into 400', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const seroval = () => Promise.resolve(new Response('{"message":"SerovalUnknownTypedArrayError"}', { status: 500 }))
    expect((await guardServerFunction(call(`?payload=${encodeURIComponent(realPayload)}`), seroval)).status).toBe(400)
  })
})
