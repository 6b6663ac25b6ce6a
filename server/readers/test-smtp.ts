/**
 * A real SMTP server on 127.0.0.1 for the readers' tests, unit and browser alike: it parses and
 * keeps every mail it takes. Apart from test-support.ts because the Playwright runner cannot load
 * that module's imports; this one imports only the SMTP and mail packages.
 */
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { to: string[]; mail: ParsedMail }

export type TestSmtp = {
  port: number
  url: string
  received: ReceivedMail[]
  stop(): Promise<void>
}

/**
 * Listens on `port` (0 unless given, to come back on the same one). `refuse(address)` answers
 * RCPT TO with that code (550: the mailbox does not exist); `onRecipient(address)` holds RCPT TO
 * until it resolves, so a test can keep a mail before the server has taken it.
 */
export async function startSmtp(
  options: {
    port?: number
    received?: ReceivedMail[]
    refuse?: (address: string) => number | null
    onRecipient?: (address: string) => Promise<void>
  } = {},
): Promise<TestSmtp> {
  const received = options.received ?? []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = options.refuse?.(address.address) ?? null
      if (code !== null) {
        callback(Object.assign(new Error(`${code === 550 ? '5.1.1 mailbox unavailable' : 'refused'}`), { responseCode: code }))
        return
      }
      if (!options.onRecipient) return callback()
      options.onRecipient(address.address).then(
        () => callback(),
        () => callback(),
      )
    },
    onData(stream, session, callback) {
      // Recorded before the server answers 250, so a test that sees the send done sees the mail.
      simpleParser(stream)
        .then((mail) => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail })
          callback()
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))))
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
