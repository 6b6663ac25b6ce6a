// The reference of `npm run bench:throughput`: sirv serving a directory, in a process of its own as
// the site's server is, so neither shares a thread with autocannon or with the bench's own heap.
// Usage: node scripts/bench/sirv-server.ts <dir> <port>
import { createServer } from 'node:http'
import sirv from 'sirv'

const [dir, port] = process.argv.slice(2)
if (!dir || !port) {
  console.error('usage: node scripts/bench/sirv-server.ts <dir> <port>')
  process.exit(2)
}
const server = createServer(sirv(dir, { dev: false, gzip: false, brotli: false }))
server.listen(Number(port), '127.0.0.1')
process.once('SIGTERM', () => server.close(() => process.exit(0)))
