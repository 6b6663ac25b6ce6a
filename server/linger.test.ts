import { createServer, type Server } from 'node:http'
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { crossedLastAnswer, lastAnswer } from './linger'

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/** A server whose every answer is a connection's last, as a stopping server's are. */
function start(linger: boolean): Promise<{ port: number; handled: string[] }> {
  const handled: string[] = []
  server = createServer((req, res) => {
    if (linger && crossedLastAnswer(req)) return
    handled.push(req.url ?? '')
    if (linger) lastAnswer(req, res)
    else res.setHeader('connection', 'close')
    res.end(`answer to ${req.url}`)
  })
  return new Promise((resolve) => server!.listen(0, '127.0.0.1', () => resolve({ port: (server!.address() as AddressInfo).port, handled })))
}

/** Sends a request and, before its answer can arrive, a second one with a 4 MB body. */
function crossing(port: number): Promise<{ answer: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    let error: string | undefined
    socket.on('data', (data) => (answer += data.toString('latin1')))
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code))
    socket.on('close', () => resolve({ answer, error }))
    socket.write('GET /first HTTP/1.1\r\nHost: x\r\n\r\nPOST /second HTTP/1.1\r\nHost: x\r\nContent-Length: 4000000\r\n\r\n')
    socket.write(Buffer.alloc(4_000_000, 97))
  })
}

describe('the last answer on a connection', () => {
  it("without a lingering close, a request crossing the last answer gets the client's connection reset", async () => {
    const { port } = await start(false)
    const { error } = await crossing(port)
    expect(error).toMatch(/EPIPE|ECONNRESET/)
  })

  it('with it, the client reads the answer and the end of the connection; the crossing request is dropped unanswered', async () => {
    const { port, handled } = await start(true)
    const { answer, error } = await crossing(port)
    expect(error).toBeUndefined()
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
    expect(answer.toLowerCase()).toContain('connection: close')
    expect(answer).toContain('answer to /first')
    expect(answer).not.toContain('/second')
    expect(handled).toEqual(['/first'])
  })
})
