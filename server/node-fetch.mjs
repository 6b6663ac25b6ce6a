// Bridges Node's http server and the fetch-style handler of the build: Request in, Response out.
import { Readable } from 'node:stream'

export function toRequest(req, origin) {
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
  return new Request(new URL(req.url, origin), {
    method: req.method === 'HEAD' ? 'GET' : req.method,
    headers,
    body: hasBody ? Readable.toWeb(req) : undefined,
    duplex: hasBody ? 'half' : undefined,
    signal: controller.signal,
  })
}

/** Writes a fetch Response to a Node response, keeping every Set-Cookie header. */
export async function sendResponse(res, response, extraHeaders = {}, isHead = false) {
  const headers = {}
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
      if (!res.write(value)) await new Promise((resolve) => res.once('drain', resolve))
    }
    res.end()
  } catch (error) {
    res.destroy(error instanceof Error ? error : undefined)
  }
}
