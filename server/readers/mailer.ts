/**
 * Sends one rendered mail over SMTP with nodemailer (SMTP_URL, MAIL_FROM). It takes subject, HTML
 * and text as they are (drawing them, with React Email, is the caller's), adds the headers a
 * newsletter needs (List-Unsubscribe with one-click, RFC 8058) and a Message-ID that is the same
 * every time the same job is sent. A failure is told as permanent (the recipient was refused: 5xx
 * to RCPT TO or DATA) or not, with a summary that never carries the address.
 */
import { createHash } from 'node:crypto'
import nodemailer from 'nodemailer'

export type OutgoingMail = {
  to: string
  subject: string
  html: string
  text: string
  /** The job's idempotency key: the Message-ID is derived from it. */
  key: string
  /** The mail's language, as Content-Language. */
  locale?: string
  /** For mail to subscribers: the one-click URL (POST answers 2xx) and, optionally, a mailto. */
  unsubscribe?: { url: string; mailto?: string }
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

/** A failed send, described without the recipient's address. */
export class MailError extends Error {
  readonly permanent: boolean
  constructor(summary: string, permanent: boolean) {
    super(summary)
    this.name = 'MailError'
    this.permanent = permanent
  }
}

export type MailerOptions = {
  smtpUrl: string
  from: string
  /** Milliseconds; the defaults keep one exchange well inside a job's lease (policy.ts). */
  timeouts?: { connection?: number; greeting?: number; socket?: number }
}

/** `<hash@domain>`: the domain of the sender, the hash of the key (which names a subscriber). */
export function messageIdFor(key: string, from: string): string {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`
}

const ADDRESS = /[^\s<>()[\]:;@,"]+@[^\s<>()[\]:;@,"]+/g

/** The text with every address in it (and `recipient`, however the server wrote it) masked. */
export function maskAddresses(text: string, recipient = ''): string {
  const withoutRecipient = recipient ? text.split(recipient).join('<address>') : text
  return withoutRecipient.replace(ADDRESS, '<address>').replace(/\s+/g, ' ').trim()
}

/** A short reason fit for the job table and logs: codes and the server's words, addresses masked. */
export function describeSendError(error: unknown, recipient: string): MailError {
  if (!(error instanceof Error)) return new MailError('unknown error', false)
  const code = 'code' in error && typeof error.code === 'string' ? error.code : 'ERROR'
  const command = 'command' in error && typeof error.command === 'string' ? error.command : ''
  const responseCode = 'responseCode' in error && typeof error.responseCode === 'number' ? error.responseCode : null
  const response = 'response' in error && typeof error.response === 'string' ? error.response : error.message
  const summary = [code, command, maskAddresses(response, recipient)].filter(Boolean).join(' ').slice(0, 240)
  const permanent = responseCode !== null && responseCode >= 500 && (command === 'RCPT TO' || command === 'DATA')
  return new MailError(summary, permanent)
}

export function createMailer({ smtpUrl, from, timeouts = {} }: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // Connections kept open between mails: a digest to many readers is not a handshake per reader.
    pool: true,
    maxConnections: 2,
    maxMessages: 100,
    connectionTimeout: timeouts.connection ?? 10_000,
    greetingTimeout: timeouts.greeting ?? 10_000,
    socketTimeout: timeouts.socket ?? 60_000,
    // nodemailer's own log would print addresses.
    logger: false,
  })
  return {
    async send(mail) {
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          messageId: messageIdFor(mail.key, from),
          ...(mail.unsubscribe
            ? {
                // One header with both URLs, the https one first (RFC 8058 acts on that one).
                list: { unsubscribe: [[mail.unsubscribe.url, ...(mail.unsubscribe.mailto ? [mail.unsubscribe.mailto] : [])]] },
              }
            : {}),
          headers: {
            ...(mail.locale ? { 'Content-Language': mail.locale } : {}),
            // RFC 8058: a POST to the List-Unsubscribe URL unsubscribes, with no page in between.
            ...(mail.unsubscribe ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
          },
        })
      } catch (error) {
        throw describeSendError(error, mail.to)
      }
    },
    close() {
      transport.close()
    },
  }
}
