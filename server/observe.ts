// What an operator sees of the server (issue 35): one JSON line per request on standard output, a
// request id echoed in `X-Request-Id`, and Prometheus metrics from prom-client (requests by route
// and status, render time, page-cache states, content reloads rejected, worker restarts). In a
// cluster the primary sums its workers' metrics (prom-client's AggregatorRegistry).
import cluster from 'node:cluster'
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import client from 'prom-client'
import { isAdminPath } from './cms/paths.ts'

/** Metrics every worker keeps, summed by the primary in a cluster. */
const requests = new client.Counter({
  name: 'estate_atlas_http_requests_total',
  help: 'Requests answered, by kind of route and status code',
  labelNames: ['route', 'status'] as const,
})
export const renderSeconds = new client.Histogram({
  name: 'estate_atlas_render_seconds',
  help: 'Time to render an answer the page cache did not have',
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
})
export const pageCacheStates = new client.Counter({
  name: 'estate_atlas_page_cache_total',
  help: 'Answers by page-cache state (fresh, stale, miss, bypass)',
  labelNames: ['state'] as const,
})

/** Metrics of the process that watches the content and forks workers: not summed, its own. */
const processRegistry = new client.Registry()
export const reloadFailures = new client.Counter({
  name: 'estate_atlas_content_reload_failures_total',
  help: 'Content changes rejected (the last good content stayed)',
  registers: [processRegistry],
})
export const workerRestarts = new client.Counter({
  name: 'estate_atlas_worker_restarts_total',
  help: 'Workers that exited unexpectedly and were started again',
  registers: [processRegistry],
})

let defaultsCollected = false
/** Process metrics (CPU, memory, event-loop lag) in every process that serves. */
export function collectProcessMetrics() {
  if (defaultsCollected) return
  defaultsCollected = true
  client.collectDefaultMetrics()
}

/** A bounded set of route names for the `route` label: never the path itself. */
export function routeOf(pathname: string): string {
  if (pathname === '/healthz' || pathname === '/readyz') return 'health'
  if (pathname === '/metrics') return 'metrics'
  if (/sitemap|robots\.txt$|rss\.xml$|\.atom$/.test(pathname)) return 'feed'
  if (pathname.startsWith('/assets/') || pathname.startsWith('/pagefind/') || /^\/[^/]+\.(?:ico|svg|png|webmanifest|txt)$/.test(pathname))
    return 'static'
  if (pathname.startsWith('/data/')) return 'data'
  if (pathname.startsWith('/api/ph')) return 'analytics'
  if (pathname.startsWith('/api/og') || pathname.startsWith('/og/')) return 'share-image'
  if (pathname.startsWith('/api/search')) return 'search'
  if (pathname.startsWith('/api/data')) return 'data'
  if (isAdminPath(pathname)) return 'admin'
  if (pathname.startsWith('/api/')) return 'api'
  return 'page'
}

/** A request id: the one a proxy in front sent when it looks like one, else a new one. */
export function requestIdOf(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header
  return given && /^[A-Za-z0-9._:-]{8,128}$/.test(given) ? given : randomUUID()
}

/**
 * Lines are written in batches: a write to a pipe is synchronous on Linux, one per request would
 * cost the render's thread a system call each.
 */
let pending: string[] = []
let scheduled = false
function flush() {
  scheduled = false
  if (!pending.length) return
  const text = pending.join('')
  pending = []
  process.stdout.write(text)
}
process.once('exit', flush)

export function logLine(record: Record<string, unknown>) {
  pending.push(`${JSON.stringify({ time: new Date().toISOString(), ...record })}\n`)
  if (pending.length >= 256) flush()
  else if (!scheduled) {
    scheduled = true
    setTimeout(flush, 50).unref()
  }
}

/**
 * Gives the request its id (echoed in `X-Request-Id`) and, when it is done, counts it and logs
 * one line: method, path (no query string: it may carry what a reader typed), status, duration,
 * cache state, id. No address, no user agent, no cookie.
 */
export function observe(req: IncomingMessage, res: ServerResponse, options: { log: boolean }): string {
  const id = requestIdOf(req.headers['x-request-id'])
  res.setHeader('x-request-id', id)
  const started = performance.now()
  const pathname = (req.url ?? '/').split('?', 1)[0]
  res.once('close', () => {
    const status = res.headersSent ? res.statusCode : 0
    requests.inc({ route: routeOf(pathname), status: String(status) })
    if (!options.log) return
    const cache = res.getHeader('x-cache')
    logLine({
      method: req.method,
      path: pathname.length > 300 ? `${pathname.slice(0, 300)}…` : pathname,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ...(cache ? { cache: String(cache).toLowerCase() } : {}),
      ...(res.writableFinished ? {} : { aborted: true }),
      id,
    })
  })
  return id
}

type MetricsReply = { type: 'estate-atlas:metrics'; id: number; text: string }
let asked = 0
const waiting = new Map<number, (text: string) => void>()

/** The metrics text: this process's, or in a cluster's worker the primary's sum of every worker. */
export async function metricsText(): Promise<string> {
  if (cluster.isWorker && process.send) {
    const id = ++asked
    const text = await new Promise<string>((resolve, reject) => {
      waiting.set(id, resolve)
      process.send?.({ type: 'estate-atlas:metrics?', id })
      setTimeout(() => waiting.delete(id) && reject(new Error('the primary did not answer')), 5000).unref()
    })
    return text
  }
  return `${await client.register.metrics()}\n${await processRegistry.metrics()}`
}

/** In a worker: takes the primary's answers to `metricsText`, and answers the primary's aggregation. */
export function listenForMetricsReplies() {
  // prom-client's worker side listens once an AggregatorRegistry exists in the process.
  new client.AggregatorRegistry()
  process.on('message', (message: MetricsReply) => {
    if (message?.type !== 'estate-atlas:metrics') return
    waiting.get(message.id)?.(message.text)
    waiting.delete(message.id)
  })
}

/** In the primary: answers a worker's request with every worker's metrics summed, and its own. */
export function serveClusterMetrics() {
  const aggregator = new client.AggregatorRegistry()
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== 'estate-atlas:metrics?') return
    void aggregator.clusterMetrics().then(
      async (text) => worker.send({ type: 'estate-atlas:metrics', id: message.id, text: `${text}\n${await processRegistry.metrics()}` }),
      async () => worker.send({ type: 'estate-atlas:metrics', id: message.id, text: await processRegistry.metrics() }),
    )
  })
}

export const metricsContentType = client.register.contentType
