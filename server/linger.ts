/**
 * The last answer on a keep-alive connection, closed the way nginx's lingering close does it.
 *
 * After an answer that says `Connection: close`, Node closes the socket as soon as the answer is
 * written. A request the client sent before it read that answer (autocannon sends its next one at
 * once; any keep-alive client's request can cross the answer) then finds the socket closed with its
 * bytes unread, and the kernel resets the connection: the client reads ECONNRESET or EPIPE instead
 * of the end of the connection, and may lose the answer it was reading. Here the server half-closes
 * instead, reads and drops whatever still arrives until the client closes its side (or `lingerMs`),
 * and only then closes. No package does this for Node's HTTP server; it is one socket method.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

const given = new WeakSet<Socket>()

/** Makes this answer the connection's last, and closes the connection after it without a reset. */
export function lastAnswer(req: IncomingMessage, res: ServerResponse, lingerMs = 2_000): void {
  res.setHeader('connection', 'close')
  const socket = req.socket
  if (given.has(socket)) return
  given.add(socket)
  // Node calls `destroySoon` once the answer with `Connection: close` has been written.
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end()
    const timer = setTimeout(() => this.destroy(), lingerMs)
    timer.unref()
    this.once('end', () => {
      clearTimeout(timer)
      this.destroy()
    })
  }
}

/**
 * Whether this request arrived on a connection already given its last answer. Such a request is
 * read and dropped, not answered: the client has been told the connection ends, and sends it again
 * on a new one.
 */
export function crossedLastAnswer(req: IncomingMessage): boolean {
  if (!given.has(req.socket)) return false
  req.resume()
  return true
}
