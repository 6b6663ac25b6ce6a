/**
 * The door in front of /_serverFn/*: Start answers 500 when a call's payload cannot be read or its
 * id is unknown. Those are the caller's mistakes, so they get a 4xx with a message; a 5xx is left
 * only for real failures, and logged.
 */
const idPath = /^\/_serverFn\/[0-9a-f]{64}$/
const MAX_QUERY = 8 * 1024
const MAX_BODY = 64 * 1024
const inputErrors = [
  /Seroval/,
  /is not valid JSON/,
  /Unexpected (token|end of JSON)/,
  /Invalid server action/,
  /"code":\s*\\?"(invalid|too_|unrecognized|custom)/,
  /FormData is not supported/,
]

export const isServerFunctionPath = (pathname: string) => pathname === '/_serverFn' || pathname.startsWith('/_serverFn/')

function refuse(status: number, error: string, headers: Record<string, string> = {}) {
  return Response.json({ error }, { status, headers: { 'Cache-Control': 'no-store', ...headers } })
}

export async function guardServerFunction(request: Request, run: () => Promise<Response>) {
  const url = new URL(request.url)
  if (!idPath.test(url.pathname)) return refuse(404, 'Not Found: no such server function')
  if (request.method !== 'GET' && request.method !== 'POST') {
    return refuse(405, 'Method Not Allowed: server functions take GET or POST', { Allow: 'GET, POST' })
  }
  if (url.search.length > MAX_QUERY) return refuse(414, 'URI Too Long: the server-function input is too large')
  if (request.method === 'POST') {
    const length = request.headers.get('content-length')
    if (length === null) return refuse(411, 'Length Required: send Content-Length with the body')
    if (Number(length) > MAX_BODY) return refuse(413, `Payload Too Large: at most ${MAX_BODY} bytes`)
  }
  const response = await run()
  if (response.status < 500) return response
  const text = await response.text()
  if (/Server function info not found/.test(text)) return refuse(404, 'Not Found: no such server function')
  if (inputErrors.some((pattern) => pattern.test(text))) return refuse(400, 'Bad Request: the server-function input could not be read')
  console.error('Server function failed', url.pathname, text.slice(0, 500))
  return new Response(text, { status: response.status, headers: response.headers })
}
