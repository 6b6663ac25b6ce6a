// Production entry: validates configuration and content, then serves on every core.
import cluster, { type Worker } from 'node:cluster'
import { createServer, STATUS_CODES, type Server } from 'node:http'
import { Server as NetServer, type Socket } from 'node:net'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { nodeRuntime, readConfig, type Config } from './config.ts'
import { createApp, MAX_URL_BYTES, type FetchHandler } from './app.ts'
import { accountsReader } from './cms/accounts.ts'
import type { Editorial } from './cms/handler.ts'
import type { openReaders, Readers } from './readers/site.ts'
import type { parseDigestSchedule } from './readers/schedule.ts'
import { crossedLastAnswer, lastAnswer } from './linger.ts'
import { collectProcessMetrics, listenForMetricsReplies, logLine, reloadFailures, serveClusterMetrics, workerRestarts } from './observe.ts'
import { CACHE_POLICY } from '../src/config/constants.ts'

/** What this server uses of the build's dist/server/server.js (src/server.ts). */
type ServerEntry = {
  default: FetchHandler
  /** The newsletter (server/readers/site.ts), built into the bundle with the routes it names. */
  readers: { open: typeof openReaders; parseDigestSchedule: typeof parseDigestSchedule; content: () => Parameters<Readers['previewNextMail']>[0] }
  content: {
    load(): void
    watch(): void
    reload(): { ok: boolean }
    onChange(listener: () => void): void
    onReload(events: { accepted?: () => void; rejected?: () => void }): void
    snapshotDir(): string | null
  }
} & Editorial

/** The primary's word to its workers that the snapshot of the last good content changed. */
const CONTENT_RELOAD = 'estate-atlas:content-reload'
/** A stopping worker has closed its listener; the primary answers when every worker's has closed. */
const LISTENER_CLOSED = 'estate-atlas:listener-closed'
const LISTENERS_GONE = 'estate-atlas:listeners-gone'

/**
 * The heap of a server whose memory must not grow with the archive (decision 016): V8 sizes its
 * young generation and the old generation's growth for throughput on a large machine (a 128 MB
 * young generation, the old one let grow to several times what is live). Node reads these flags at
 * start, so the entry starts itself again once with them; `process.execve` keeps the process id for
 * process managers. `NODE_OPTIONS` or flags on the command line that set them win.
 */
const HEAP_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=20']
const runtime = nodeRuntime()
const given = [...process.execArgv, ...runtime.options]
if (process.execve && HEAP_FLAGS.some((flag) => !given.some((arg) => arg.startsWith(flag.split('=')[0])))) {
  process.execve(process.execPath, [process.execPath, ...HEAP_FLAGS, ...process.execArgv, ...process.argv.slice(1)], runtime.env)
}

const root = fileURLToPath(new URL('..', import.meta.url))
/** The longest a stopping worker waits for requests still running (renders, the analytics proxy). */
const SHUTDOWN_GRACE_MS = 10_000
/** How long no new connection must arrive before a stopping worker closes its listener. */
const QUIET_MS = 200
const QUIET_DEADLINE_MS = 2_000
/** After the listener closes, a connection with no request is closed once nothing has arrived on it for this long. */
const IDLE_CLOSE_MS = 500
/** How long a worker waits for the primary to say every worker's listener has closed. */
const LISTENERS_GONE_WAIT_MS = 1_000
/** Request headers (the request line included) larger than this get 431 (or 414 for the line alone). */
const MAX_HEADER_BYTES = 16 * 1024
/** Restarts of a worker that died young wait longer each time, up to this (issue 35: no fork loop). */
const RESTART_MAX_DELAY_MS = 30_000
/** A worker that lived this long is healthy: the next restart is immediate again. */
const RESTART_HEALTHY_MS = 30_000

let config: Config
try {
  config = readConfig()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

/**
 * Who is told of a new contact or partner message: EDITOR_EMAILS and the editorial interface's
 * active editors (read again when the accounts file changes), never a translator.
 */
const editorAccounts = config.CMS_USERS_FILE ? accountsReader(config.CMS_USERS_FILE) : () => []
function editorAddresses(): string[] {
  const editors = editorAccounts()
    .filter((a) => a.role === 'editor' && !a.disabled)
    .map((a) => a.email.toLowerCase())
  return [...new Set([...config.EDITOR_EMAILS, ...editors])]
}

async function loadHandler(): Promise<ServerEntry> {
  const entry: ServerEntry = await import(new URL('../dist/server/server.js', import.meta.url).href).catch((error: unknown) => {
    console.error('No production build found: run `npm run build` first.\n', error instanceof Error ? error.message : error)
    process.exit(1)
  })
  try {
    entry.content.load()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
  return entry
}

/** The editorial interface (decision 019), loaded only when it is enabled: a reader's server never loads Keystatic. */
async function editorialInterface(entry: ServerEntry, readers: Readers) {
  const { createCms } = await import('./cms/handler.ts')
  const usersFile = config.CMS_USERS_FILE ?? ''
  return createCms({
    // The same directory the site reads (src/content/store.server.ts).
    contentDir: resolve(config.CONTENT_DIR ?? 'content'),
    secret: config.CMS_SECRET ?? '',
    usersFile,
    auditLog: config.CMS_AUDIT_LOG ?? `${usersFile}.audit.jsonl`,
    adminDir: `${root}dist/admin`,
    previewToken: config.PREVIEW_TOKEN,
    site: entry.default,
    trustProxy: config.TRUST_PROXY,
    editorial: entry,
    readers: { store: readers.store, previewNextMail: (locale) => readers.previewNextMail(entry.readers.content(), locale) },
  })
}

/**
 * A refusal the HTTP parser makes (headers too large, a malformed request, a timeout) written as a
 * status the client can read: Node's default resets a client that is still sending. As nginx's
 * lingering close, what the client is still sending is read and dropped for a moment before closing.
 */
function refuseClient(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy()
    return
  }
  let status = 400
  let text = 'Bad Request: the request could not be read.'
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const head = error.rawPacket?.toString('latin1') ?? ''
    const lineEnd = head.indexOf('\r\n')
    const longLine = lineEnd === -1 ? head.length > MAX_URL_BYTES : lineEnd > MAX_URL_BYTES
    status = longLine ? 414 : 431
    text = longLine
      ? `URI Too Long: a request target may have at most ${MAX_URL_BYTES} bytes.`
      : `Request Header Fields Too Large: at most ${MAX_HEADER_BYTES} bytes of headers.`
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408
    text = 'Request Timeout: the request did not arrive in time.'
  }
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\ncache-control: ${CACHE_POLICY.never}\r\nconnection: close\r\n\r\n${text}`,
  )
  socket.on('data', () => {})
  socket.resume()
  setTimeout(() => socket.destroy(), 2_000).unref()
}

/** Stops accepting connections, leaving open ones alone; `done` runs when the last has closed. */
function closeListener(server: Server, done: () => void) {
  NetServer.prototype.close.call(server, done)
}

async function worker() {
  const entry = await loadHandler()
  collectProcessMetrics()
  if (cluster.isWorker) {
    // The primary watches the content and says when the snapshot of the last good content changed.
    process.on('message', (message: unknown) => {
      if (message === CONTENT_RELOAD) entry.content.reload()
    })
    listenForMetricsReplies()
  } else {
    entry.content.onReload({ rejected: () => reloadFailures.inc() })
    entry.content.watch()
  }
  const readers = await entry.readers.open(config, { siteUrl: config.SITE_URL, editors: () => editorAddresses() })
  const admin = config.CMS_ENABLED ? await editorialInterface(entry, readers) : undefined
  let draining = false
  let closing = false
  const app = createApp({
    handler: entry.default,
    clientDir: `${root}dist/client`,
    config,
    onContentChange: entry.content.onChange,
    admin,
    readers,
    stopping: () => draining,
  })
  // Readers' mail (issue 39): each worker sends what is due (leases keep a mail to one sender), runs
  // the digest on its schedule (its keys make a second worker's run a no-op) and the retention rules.
  const stopMail = readers.startSchedule(entry.readers.content, entry.readers.parseDigestSchedule(config.DIGEST_SCHEDULE, config.DIGEST_TIMEZONE))
  // Each connection: how many requests are running on it, and when bytes last arrived.
  const connections = new Map<Socket, { running: number; bytesRead: number; lastData: number }>()
  const server = createServer(
    {
      keepAliveTimeout: 5_000,
      requestTimeout: 30_000,
      headersTimeout: 10_000,
      // Node checks the two timeouts above on this interval (30 s by default: slow headers lived 40 s).
      connectionsCheckingInterval: 1_000,
      maxHeaderSize: MAX_HEADER_BYTES,
    },
    (req, res) => {
      if (crossedLastAnswer(req)) return
      const connection = connections.get(req.socket)
      if (connection) {
        connection.running++
        res.once('close', () => connection.running--)
      }
      if (closing) lastAnswer(req, res)
      return app(req, res)
    },
  )
  server.maxConnections = config.MAX_CONNECTIONS
  server.on('clientError', refuseClient)
  let lastConnection = 0
  server.on('connection', (socket: Socket) => {
    lastConnection = Date.now()
    connections.set(socket, { running: 0, bytesRead: 0, lastData: Date.now() })
    socket.once('close', () => connections.delete(socket))
  })
  server.listen(config.PORT, config.HOST)
  /**
   * Graceful stop (issue 35): `/readyz` answers 503 at once, so a load balancer stops sending, and
   * for SHUTDOWN_DRAIN_MS everything is answered as usual, keep-alive included (a `Connection: close`
   * now would make every client reconnect into a listener about to close: a reset each). Then, once
   * no new connection has arrived for a moment (at most 2 s more), the listener closes. In a cluster
   * the listening socket is shared: it is gone only when every worker has closed its listener and
   * the primary its copy, so the worker waits for the primary to say so (at most 1 s); a client
   * told to reconnect before then would land in a queue nobody accepts from, and be reset. Every
   * answer from then on says `Connection: close` (with a lingering close), so each keep-alive
   * connection ends cleanly after its next answer and its client's reconnect is refused; one with
   * nothing running is closed once nothing has arrived on it for IDLE_CLOSE_MS. Node's
   * `server.close()` is not used: it also closes idle keep-alive connections at once, and one whose
   * next request is on the way gets a reset. Bound: drain + 2 s + 1.5 s when requests are short, at
   * most SHUTDOWN_GRACE_MS more for long ones.
   */
  const stop = () => {
    void stopMail?.()
    if (draining) return
    draining = true
    const signalled = Date.now()
    const exit = () => {
      logLine({ event: 'worker-stopped', pid: process.pid, msAfterSignal: Date.now() - signalled, open: connections.size })
      process.exit(0)
    }
    const deadline = Date.now() + config.SHUTDOWN_DRAIN_MS + QUIET_DEADLINE_MS
    const closeIdle = () => {
      const now = Date.now()
      for (const [socket, connection] of connections) {
        if (socket.bytesRead !== connection.bytesRead) {
          connection.bytesRead = socket.bytesRead
          connection.lastData = now
        } else if (connection.running === 0 && now - connection.lastData >= IDLE_CLOSE_MS) socket.end()
      }
    }
    const closeWhenQuiet = () =>
      // setImmediate runs after the event loop's poll phase, where pending connections are accepted.
      setImmediate(() => {
        if (Date.now() - lastConnection < QUIET_MS && Date.now() < deadline) {
          setTimeout(closeWhenQuiet, QUIET_MS)
          return
        }
        closeListener(server, exit)
        setTimeout(exit, SHUTDOWN_GRACE_MS).unref()
        const endConnections = () => {
          if (closing) return
          closing = true
          setInterval(closeIdle, 100).unref()
        }
        if (cluster.isPrimary) return endConnections()
        process.on('message', (message: unknown) => {
          if (message === LISTENERS_GONE) endConnections()
        })
        if (process.connected) process.send?.(LISTENER_CLOSED, undefined, undefined, () => {})
        setTimeout(endConnections, LISTENERS_GONE_WAIT_MS).unref()
      })
    setTimeout(closeWhenQuiet, config.SHUTDOWN_DRAIN_MS)
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
  return server
}

// Workers accept connections themselves: on shutdown nothing sits in the primary waiting to be handed
// to a worker that has stopped, so every accepted request is answered by the worker that took it.
cluster.schedulingPolicy = cluster.SCHED_NONE

if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
  // The primary validates the content, keeps the snapshot of the last good content that the workers
  // load from, and watches for changes: a rejected change never reaches a worker, and a worker
  // started while it is on disk starts from the last good content (issue 35).
  const entry = await loadHandler()
  const snapshot = entry.content.snapshotDir()
  const workerEnv = snapshot ? { CONTENT_SNAPSHOT_DIR: snapshot } : {}
  entry.content.onReload({
    accepted: () => {
      for (const worker of Object.values(cluster.workers ?? {}))
        if (worker?.isConnected()) worker.send(CONTENT_RELOAD, undefined, undefined, () => {})
    },
    rejected: () => reloadFailures.inc(),
  })
  entry.content.watch()
  serveClusterMetrics()
  const startedAt = new Map<number, number>()
  const fork = () => {
    const worker: Worker = cluster.fork(workerEnv)
    startedAt.set(worker.id, Date.now())
  }
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) fork()
  let stopping = false
  // A worker that dies young is started again after a delay that doubles each time (0.25 s up to
  // 30 s): a fault that kills every new worker costs a fork now and then, not a core.
  let youngDeaths = 0
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0)
    startedAt.delete(worker.id)
    if (stopping) return
    youngDeaths = lived >= RESTART_HEALTHY_MS ? 0 : youngDeaths + 1
    const delay = youngDeaths === 0 ? 0 : Math.min(RESTART_MAX_DELAY_MS, 250 * 2 ** (youngDeaths - 1))
    workerRestarts.inc()
    logLine({ event: 'worker-exit', pid: worker.process.pid, code, signal, livedMs: lived, restartInMs: delay })
    setTimeout(() => {
      if (!stopping) fork()
    }, delay)
  })
  // Each worker drains and exits by itself; the primary leaves when the last one has gone. A worker
  // closing its listener first sends Node's own message that releases its share of the listening
  // socket, then ours on the same channel: when every worker's has arrived the socket is closed, and
  // the workers may tell their clients to reconnect (they are refused, not queued and reset).
  const listenersClosed = new Set<number>()
  cluster.on('message', (worker, message: unknown) => {
    if (message !== LISTENER_CLOSED) return
    listenersClosed.add(worker.id)
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined)
    // A worker may have left between its message and this one (its channel closed): sending to it
    // would raise an unhandled 'error' on the primary and end it with code 1 under load. The
    // callback takes the error instead, and a disconnected worker is skipped.
    if (workers.every((w) => listenersClosed.has(w.id)))
      for (const w of workers) if (w.isConnected()) w.send(LISTENERS_GONE, undefined, undefined, () => {})
  })
  const stop = () => {
    if (stopping) return
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
    })
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
    setTimeout(() => process.exit(0), config.SHUTDOWN_DRAIN_MS + QUIET_DEADLINE_MS + LISTENERS_GONE_WAIT_MS + SHUTDOWN_GRACE_MS + 1000).unref()
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
  console.log(`Estate Atlas on http://localhost:${config.PORT} (${config.WEB_CONCURRENCY} workers)`)
} else {
  await worker()
  if (cluster.isPrimary) console.log(`Estate Atlas on http://localhost:${config.PORT}`)
}
