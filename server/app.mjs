// The request handler of the production server: static files first, then the app's fetch handler.
import { sendResponse, toRequest } from './node-fetch.mjs'
import { createPosthogProxy, PROXY_PREFIX } from './ph-proxy.mjs'
import { indexStatic, serveStatic } from './static.mjs'

const hostPattern = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i

export function createApp({ handler, clientDir, config }) {
  const statics = indexStatic(clientDir)
  const fallbackHost = new URL(config.SITE_URL).host
  // Without a key no analytics code runs, so the proxy does not exist either.
  const posthog = config.POSTHOG_KEY
    ? createPosthogProxy({ host: config.POSTHOG_HOST, assetsHost: config.POSTHOG_ASSETS_HOST, trustProxy: config.TRUST_PROXY })
    : null

  function originOf(req) {
    const host = req.headers.host && hostPattern.test(req.headers.host) ? req.headers.host : fallbackHost
    const forwarded = config.TRUST_PROXY ? String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim() : ''
    const protocol = forwarded === 'https' || req.socket.encrypted ? 'https' : 'http'
    return `${protocol}://${host}`
  }

  return async function app(req, res) {
    try {
      const pathname = req.url.split('?', 1)[0]
      if (pathname === PROXY_PREFIX || pathname.startsWith(`${PROXY_PREFIX}/`)) {
        if (posthog) posthog(req, res)
        else {
          res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
          res.end(JSON.stringify({ error: 'Not Found: analytics is not configured' }))
        }
        return
      }
      if (req.method === 'GET' || req.method === 'HEAD') {
        const file = statics.get(pathname)
        if (file && pathname !== '/') {
          serveStatic(req, res, file)
          return
        }
      }
      let request
      try {
        request = toRequest(req, originOf(req))
      } catch {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
        res.end('Bad Request: the request URL or headers could not be read.')
        return
      }
      const response = await handler.fetch(request)
      await sendResponse(res, response, {}, req.method === 'HEAD')
    } catch (error) {
      console.error('Unhandled error for', req.method, req.url, error)
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
        res.end('Internal Server Error')
      } else {
        res.destroy()
      }
    }
  }
}
