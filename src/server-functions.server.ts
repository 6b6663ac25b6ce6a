import { fromJSON, SerovalMissingPluginError, type SerovalJSON } from 'seroval'

/**
 * The door in front of /_serverFn/*: Start answers 500 when a call's payload cannot be read or its
 * id is unknown. Those are the caller's mistakes, so they get a 4xx with a message. A payload must
 * be the JSON object Start's client sends (seroval's serialized form); anything else is refused
 * before Start reads it. A 5xx is left only for real failures: logged once, without a stack, and
 * answered with a plain message, never the internal error text.
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

const MAX_DEPTH = 64

/** JSON nested deeper than any real payload: refused before a recursive reader walks it. */
function tooDeep(text: string) {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '{' || c === '[') {
      if (++depth > MAX_DEPTH) return true
    } else if (c === '}' || c === ']') depth--
  }
  return false
}

/**
 * Whether a serialized payload is what Start's client sends: a JSON object, not too deep, that
 * seroval can read back. Start would read it too, but it logs every failure with its stack; read
 * here, a malformed payload is one line in the log and a 400. A payload that needs a plugin only
 * Start has (none of ours does) is left to Start.
 */
export function isPayloadShape(text: string) {
  if (tooDeep(text)) return false
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return false
  }
  if (!isSerovalJSON(value)) return false
  try {
    fromJSON(value)
    return true
  } catch (error) {
    return error instanceof Error && error.cause instanceof SerovalMissingPluginError
  }
}

/** seroval's serialized form: the tree `t`, feature flags `f`, marked references `m`. */
function isSerovalJSON(value: unknown): value is SerovalJSON {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) &&
    'f' in value && typeof value.f === 'number' && 'm' in value && Array.isArray(value.m) &&
    't' in value && typeof value.t === 'object' && value.t !== null
  )
}

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
  const malformed = () => {
    console.warn(`Server function input refused: ${request.method} ${url.pathname}: the payload could not be read`)
    return refuse(400, 'Bad Request: the server-function input could not be read')
  }
  const payload = url.searchParams.get('payload')
  if (payload !== null && !isPayloadShape(payload)) return malformed()
  if (request.method === 'POST' && request.headers.get('content-type')?.includes('application/json')) {
    const body = await request.clone().text()
    if (body && !isPayloadShape(body)) return malformed()
  }
  const response = await run()
  if (response.status < 500) return response
  const text = await response.text()
  if (/Server function info not found/.test(text)) return refuse(404, 'Not Found: no such server function')
  if (inputErrors.some((pattern) => pattern.test(text))) return malformed()
  console.error(`Server function failed: ${request.method} ${url.pathname}: ${firstLine(text)}`)
  return refuse(500, 'Internal Server Error: the server function failed')
}

/** The error's message without its stack, for the log. */
function firstLine(text: string) {
  const message = /"message"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(text)?.[1] ?? text
  return message.split(/\\n|\n/)[0].slice(0, 300)
}
