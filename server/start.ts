// Production entry: validates configuration and content, then serves on every core.
import cluster from 'node:cluster'
import { createServer } from 'node:http'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readConfig, type Config } from './config.ts'
import { createApp, type FetchHandler } from './app.ts'
import type { Editorial } from './cms/handler.ts'

/** What this server uses of the build's dist/server/server.js (src/server.ts). */
type ServerEntry = {
  default: FetchHandler
  content: { load(): void; watch(): void; onChange(listener: () => void): void }
} & Editorial

/**
 * The heap of a server whose memory must not grow with the archive (decision 016): V8 sizes its
 * young generation and the old generation's growth for throughput on a large machine (a 128 MB
 * young generation, the old one let grow to several times what is live). Node reads these flags at
 * start, so the entry starts itself again once with them; `process.execve` keeps the process id for
 * process managers. `NODE_OPTIONS` or flags on the command line that set them win.
 */
const HEAP_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=20']
const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)]
if (process.execve && HEAP_FLAGS.some((flag) => !given.some((arg) => arg.startsWith(flag.split('=')[0])))) {
  process.execve(process.execPath, [process.execPath, ...HEAP_FLAGS, ...process.execArgv, ...process.argv.slice(1)], process.env)
}
// React's development build serves at half the speed: a process manager that starts the entry
// without NODE_ENV gets production.
process.env.NODE_ENV ??= 'production'

const root = fileURLToPath(new URL('..', import.meta.url))
const SHUTDOWN_GRACE_MS = 10_000
/** How long no new connection must arrive before a stopping worker closes its listener. */
const QUIET_MS = 200
const QUIET_DEADLINE_MS = 2_000

let config: Config
try {
  config = readConfig()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
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
async function editorialInterface(entry: ServerEntry) {
  const { createCms } = await import('./cms/handler.ts')
  const usersFile = config.CMS_USERS_FILE ?? ''
  return createCms({
    // The same directory the site reads (src/content/store.server.ts).
    contentDir: resolve(process.env.CONTENT_DIR || 'content'),
    secret: config.CMS_SECRET ?? '',
    usersFile,
    auditLog: config.CMS_AUDIT_LOG ?? `${usersFile}.audit.jsonl`,
    adminDir: `${root}dist/admin`,
    previewToken: config.PREVIEW_TOKEN,
    trustProxy: config.TRUST_PROXY,
    editorial: entry,
  })
}

async function worker() {
  const entry = await loadHandler()
  entry.content.watch()
  const admin = config.CMS_ENABLED ? await editorialInterface(entry) : undefined
  const app = createApp({ handler: entry.default, clientDir: `${root}dist/client`, config, onContentChange: entry.content.onChange, admin })
  let draining = false
  const server = createServer({ keepAliveTimeout: 5_000, requestTimeout: 30_000, headersTimeout: 10_000 }, (req, res) => {
    if (draining) res.setHeader('connection', 'close')
    return app(req, res)
  })
  server.listen(config.PORT, config.HOST)
  // Graceful stop: for a drain window keep answering (connections queued in the kernel are taken and
  // told to close), then stop listening once no connection has arrived for a moment, finish what is
  // in flight, close idle sockets, exit. Idle sockets are not closed at the signal: Node counts a
  // connection whose request has arrived but is not yet parsed as idle. And a worker busy rendering
  // may still have accepted connections waiting in the kernel when the window ends; closing the
  // listener then would reset them, so it waits until a turn of the event loop takes no new one.
  let lastConnection = 0
  server.on('connection', () => {
    lastConnection = Date.now()
  })
  const stop = () => {
    if (draining) return
    draining = true
    const deadline = Date.now() + config.SHUTDOWN_DRAIN_MS + QUIET_DEADLINE_MS
    const closeWhenQuiet = () =>
      // setImmediate runs after the event loop's poll phase, where pending connections are accepted.
      setImmediate(() => {
        if (Date.now() - lastConnection < QUIET_MS && Date.now() < deadline) {
          setTimeout(closeWhenQuiet, QUIET_MS)
          return
        }
        server.close(() => process.exit(0))
        setInterval(() => server.closeIdleConnections(), 100).unref()
        setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref()
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
  // Validate content once in the primary so a bad file stops the start with one message.
  await loadHandler()
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) cluster.fork()
  let stopping = false
  cluster.on('exit', (w, code) => {
    if (!stopping && code !== 0) {
      console.error(`Worker ${w.process.pid} exited with ${code}; starting another.`)
      cluster.fork()
    }
  })
  // Each worker drains and exits by itself; the primary leaves when the last one has gone.
  const stop = () => {
    if (stopping) return
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
    })
    setTimeout(() => process.exit(0), config.SHUTDOWN_DRAIN_MS + QUIET_DEADLINE_MS + SHUTDOWN_GRACE_MS + 1000).unref()
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
  console.log(`Estate Atlas on http://localhost:${config.PORT} (${config.WEB_CONCURRENCY} workers)`)
} else {
  await worker()
  if (cluster.isPrimary) console.log(`Estate Atlas on http://localhost:${config.PORT}`)
}
