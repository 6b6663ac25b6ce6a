/** A real SMTP server on 127.0.0.1 for the browser tests, keeping every mail it takes, parsed (server/readers/test-support.ts has the unit tests' own: the Playwright runner cannot load that module's imports). */
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { to: string[]; mail: ParsedMail }
export type TestSmtp = { port: number; url: string; stop(): Promise<void> }

/**
 * A real SMTP server on 127.0.0.1 that parses what it takes (port 0, or the one it had, to come
 * back). `onRecipient`, when given, is told of each RCPT TO and answers it when it resolves: a test
 * can hold a mail there, before the server has taken it.
 */
export async function startSmtp({
  port = 0,
  received,
  onRecipient,
}: {
  port?: number
  received: ReceivedMail[]
  onRecipient?: (address: string) => Promise<void>
}): Promise<TestSmtp> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!onRecipient) return callback()
      onRecipient(address.address).then(
        () => callback(),
        () => callback(),
      )
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail })
          callback()
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))))
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  const bound = typeof address === 'object' && address ? address.port : 0
  return { port: bound, url: `smtp://127.0.0.1:${bound}`, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
