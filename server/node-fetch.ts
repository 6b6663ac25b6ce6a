// Bridges Node's http server and the fetch-style handler of the build: Request in, Response out.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'

export function toRequest(req: IncomingMessage, origin: string): Request {
  const controller = new AbortController()
  req.once('close', () => {
    if (!req.complete || !req.readableEnded) controller.abort()
  })
  const headers = new Headers()
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]
    if (name.startsWith(':')) continue
    headers.append(name, req.rawHeaders[i + 1])
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  // HEAD is answered from a GET render (the body is simply not sent), so caches hold full answers.
  // `duplex` is required by Node's fetch for a streamed body but missing from the DOM RequestInit type.
  const init: RequestInit & { duplex?: 'half' } = {
    method: req.method === 'HEAD' ? 'GET' : req.method,
    headers,
    // One runtime class, declared twice: by @types/node (stream/web) and by lib.dom, whose
    // declarations disagree on pipeThrough's generics, so the Node stream is named by its DOM type.
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    duplex: hasBody ? 'half' : undefined,
    signal: controller.signal,
  }
  return new Request(new URL(req.url ?? '/', origin), init)
}

/** Writes a fetch Response to a Node response, keeping every Set-Cookie header. */
export async function sendResponse(res: ServerResponse, response: Response, extraHeaders: OutgoingHttpHeaders = {}, isHead = false): Promise<void> {
  const headers: OutgoingHttpHeaders = {}
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue
    headers[name] = value
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length) headers['set-cookie'] = cookies
  Object.assign(headers, extraHeaders)
  res.writeHead(response.status, response.statusText || undefined, headers)
  if (!response.body || isHead) {
    res.end()
    return
  }
  const reader = response.body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (!res.write(value)) await new Promise<void>((resolve) => res.once('drain', () => resolve()))
    }
    res.end()
  } catch (error) {
    res.destroy(error instanceof Error ? error : undefined)
  }
}
