import { describe, expect, it } from 'vitest'
import { describeSendError, maskAddresses, messageIdFor } from './mailer.ts'

const smtpError = (fields: Record<string, unknown>) => Object.assign(new Error('send failed'), fields)

describe('mailer', () => {
  it('derives the Message-ID from the job key and the sender’s domain, without the key in clear', () => {
    const id = messageIdFor('digest:6f1c:2026-11-30', 'Estate Atlas <news@estate-atlas.example>')
    expect(id).toMatch(/^<[0-9a-f]{32}@estate-atlas\.example>$/)
    expect(messageIdFor('digest:6f1c:2026-11-30', 'news@estate-atlas.example')).toBe(id)
    expect(messageIdFor('digest:6f1c:2026-12-07', 'news@estate-atlas.example')).not.toBe(id)
  })

  it('tells a refused recipient (5xx to RCPT TO or DATA) from a failure worth retrying', () => {
    const refused = { code: 'EENVELOPE', command: 'RCPT TO', responseCode: 550, response: '550 5.1.1 <gone@example.org>: no such user' }
    expect(describeSendError(smtpError(refused), 'gone@example.org').permanent).toBe(true)
    expect(describeSendError(smtpError({ ...refused, command: 'DATA', responseCode: 554 }), 'gone@example.org').permanent).toBe(true)
    expect(describeSendError(smtpError({ ...refused, responseCode: 451, response: '451 try later' }), 'x@example.org').permanent).toBe(false)
    // Our sender or login refused: a fault of ours, not of the reader's address.
    expect(describeSendError(smtpError({ ...refused, command: 'MAIL FROM' }), 'x@example.org').permanent).toBe(false)
    expect(describeSendError(smtpError({ code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535 }), 'x@example.org').permanent).toBe(false)
    expect(describeSendError(smtpError({ code: 'ECONNECTION', command: 'CONN' }), 'x@example.org').permanent).toBe(false)
    expect(describeSendError(smtpError({ code: 'ETIMEDOUT', command: 'CONN' }), 'x@example.org').permanent).toBe(false)
  })

  it('describes a failure without any address in it', () => {
    const error = smtpError({
      code: 'EENVELOPE',
      command: 'RCPT TO',
      responseCode: 550,
      response: '550 5.1.1 <Gone@Example.org>: Recipient address rejected; also cc someone@else.example',
    })
    const { message } = describeSendError(error, 'Gone@Example.org')
    expect(message).toBe('EENVELOPE RCPT TO 550 5.1.1 <<address>>: Recipient address rejected; also cc <address>')
    expect(maskAddresses('to reader@example.org now')).toBe('to <address> now')
  })
})
