/** A stand-in for PostHog's ingest and assets hosts on 127.0.0.1 (test code, never shipped). */
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'

export type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer }
export type Event = { event: string; properties: Record<string, unknown> }

export async function startPosthogStandIn(key: string) {
  const received: Received[] = []
  const config = {
    supportedCompression: ['gzip', 'gzip-js'],
    hasFeatureFlags: false,
    heatmaps: true,
    autocaptureExceptions: true,
    sessionRecording: false,
    surveys: false,
    captureDeadClicks: false,
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) })
      const path = (req.url ?? '').split('?')[0]
      if (path === `/array/${key}/config.js`) {
        res.writeHead(200, { 'content-type': 'application/javascript' })
        res.end(
          `window._POSTHOG_REMOTE_CONFIG=window._POSTHOG_REMOTE_CONFIG||{};window._POSTHOG_REMOTE_CONFIG[${JSON.stringify(key)}]={config:${JSON.stringify(config)},siteApps:[]}`,
        )
      } else if (path === `/array/${key}/config`) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(config))
      } else if (path.startsWith('/flags') || path.startsWith('/decide')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"featureFlags":{},"flags":{},"errorsWhileComputingFlags":false}')
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":1}')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Every event in the batches that arrived, decoding gzip (marked only by its magic bytes). */
export function events(received: Received[]): Array<Event & { gzip: boolean }> {
  return received
    .filter((r) => r.method === 'POST' && r.body.length)
    .flatMap((r) => {
      const gzip = r.body[0] === 0x1f && r.body[1] === 0x8b
      let text = gzip ? gunzipSync(r.body).toString('utf8') : r.body.toString('utf8')
      if (text.startsWith('data=')) text = Buffer.from(decodeURIComponent(text.slice(5)), 'base64').toString('utf8')
      try {
        const parsed = JSON.parse(text)
        const list: Event[] = Array.isArray(parsed) ? parsed : (parsed.batch ?? [parsed])
        return list.map((e) => ({ ...e, gzip }))
      } catch {
        return []
      }
    })
}
