import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadContent } from '../../src/content/load.server.ts'
import { m } from '../../src/paraglide/messages.js'
import { ackMail, notifyMail, topicInSentence } from './mails.ts'
import { openReaders, type Readers } from './site.ts'
import { secret, startSmtp } from './test-support.ts'

const site = 'http://127.0.0.1:9'
const form = (path: string, fields: Record<string, string>) => new Request(`${site}${path}`, { method: 'POST', body: new URLSearchParams(fields) })
const good = { name: 'Μαρία', email: 'Maria@Example.com ', topic: 'correction', message: 'Ο συντελεστής είναι λάθος.', consent: 'yes' }

describe('the contact and partner forms on the site (issue 39)', { timeout: 30_000 }, () => {
  let dir: string
  let readers: Readers
  let editors: string[]

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ea-site-'))
    editors = ['editor@example.com']
    readers = await openReaders({ DATA_DIR: dir, READERS_SECRET: secret }, { siteUrl: site, editors: () => editors })
  })
  afterEach(async () => {
    await readers.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('knows the contact and partner pages of every language, and nothing else', () => {
    expect(readers.messageFormOf('/el/epikoinonia')).toEqual({ kind: 'contact', locale: 'el' })
    expect(readers.messageFormOf('/en/partner-with-us/')).toEqual({ kind: 'partner', locale: 'en' })
    expect(readers.messageFormOf('/en/about')).toBeNull()
  })

  it('stores a message in the page’s language and queues the sender’s acknowledgement and one notice per editor', async () => {
    editors = ['editor@example.com', 'EDITOR@example.com', 'chief@example.com']
    const answer = await readers.postMessage(form('/el/epikoinonia', good), { address: '203.0.113.5' })
    expect(answer).toMatchObject({ state: 'sent', status: 200, locale: 'el', message: m.cf_sent({}, { locale: 'el' }) })
    const [message] = await readers.store.listMessages('new')
    expect(message).toMatchObject({ kind: 'contact', topic: 'correction', email: 'maria@example.com', locale: 'el', name: 'Μαρία' })
    const kinds = (await readers.store.sendLog()).map((j) => j.kind).sort()
    expect(kinds).toEqual(['ack', 'notify', 'notify'])
  })

  it('refuses a message without consent, topic or a valid address with 400 and gives back what was written', async () => {
    for (const broken of [{ consent: '' }, { topic: 'sales' }, { email: 'not-an-address' }, { name: '' }, { message: 'x'.repeat(10_001) }]) {
      const answer = await readers.postMessage(form('/en/contact-us', { ...good, ...broken }), { address: '203.0.113.5' })
      expect(answer.status).toBe(400)
      expect(answer.state).toBe('error-fields')
      expect(answer.fields?.message).toBe(broken.message ?? good.message)
    }
    expect(await readers.store.listMessages('new')).toHaveLength(0)
  })

  it('tells a robot that filled the hidden field what a person is told, and stores nothing', async () => {
    const answer = await readers.postMessage(form('/en/partner-with-us', { ...good, website: 'https://spam.example' }), { address: '203.0.113.5' })
    expect(answer.state).toBe('sent')
    expect(await readers.store.listMessages('new')).toHaveLength(0)
  })

  it('refuses a forged proof of work, and limits messages without one more tightly than with one', async () => {
    const forged = await readers.postMessage(form('/en/contact-us', { ...good, altcha: Buffer.from('{"challenge":{}}').toString('base64') }), {
      address: '203.0.113.5',
    })
    expect(forged).toMatchObject({ state: 'error-check', status: 400 })
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await readers.postMessage(form('/en/contact-us', good), { address: '198.51.100.7' })).status)
    expect(statuses).toEqual([200, 200, 200, 429, 429])
    // Another client is counted on its own.
    expect((await readers.postMessage(form('/en/contact-us', good), { address: '192.0.2.1' })).status).toBe(200)
  })

  it('acknowledges one sender’s address at most five times a day, from however many connections', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) statuses.push((await readers.postMessage(form('/en/contact-us', good), { address: `192.0.2.${10 + i}` })).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429])
    expect(await readers.store.listMessages('new')).toHaveLength(5)
  })
})

describe('the mails of a message, sent (issue 39)', { timeout: 30_000 }, () => {
  it('sends the sender an acknowledgement in the form’s language and each editor a notice, once', async () => {
    const smtp = await startSmtp()
    const dir = mkdtempSync(join(tmpdir(), 'ea-site-'))
    const readers = await openReaders(
      { DATA_DIR: dir, READERS_SECRET: secret, SMTP_URL: smtp.url, MAIL_FROM: 'Estate Atlas <news@example.com>' },
      { siteUrl: site, editors: () => ['editor@example.com'] },
    )
    try {
      expect((await readers.postMessage(form('/bg/kontakt', { ...good, name: 'Иван' }), { address: '203.0.113.9' })).state).toBe('sent')
      await readers.queue.runDueJobs({ limit: 10 })
      const to = (address: string) => smtp.received.filter((r) => r.to.includes(address))
      expect(to('maria@example.com').map((r) => r.mail.subject)).toEqual([m.mail_ack_subject({}, { locale: 'bg' })])
      expect(to('maria@example.com')[0].mail.text).toContain('Иван')
      expect(to('editor@example.com').map((r) => r.mail.text)).toEqual([expect.stringContaining(`${site}/admin/inbox`)])
      await readers.queue.runDueJobs({ limit: 10 })
      expect(smtp.received).toHaveLength(2)
    } finally {
      await readers.close()
      await smtp.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the mails of a message (issue 39)', () => {
  it('acknowledges in the sender’s language, naming the topic inside the sentence', () => {
    const mail = ackMail('el', 'Μαρία', m.cf_topic_correction({}, { locale: 'el' }))
    expect(mail.subject).toBe(m.mail_ack_subject({}, { locale: 'el' }))
    expect(mail.text).toContain('Μαρία')
    expect(mail.html).toContain('lang="el"')
    expect(mail.unsubscribe).toBeUndefined()
    expect(topicInSentence('A correction', 'en')).toBe('a correction')
    expect(topicInSentence('Eine Korrektur', 'de')).toBe('Eine Korrektur')
  })

  it('tells an editor what arrived and where the inbox is, without the message itself', () => {
    const mail = notifyMail({ kind: 'partner', topic: 'partnership', locale: 'bg' }, 'https://example.com/admin/inbox')
    expect(mail.subject).toContain('partner')
    expect(mail.text).toContain('https://example.com/admin/inbox')
  })
})

describe('the next mail of a language, for the editors', { timeout: 30_000 }, () => {
  const { store } = loadContent('content')
  const newest = Math.max(...(store.postsByLocale.get('el') ?? []).map((p) => Date.parse(p.publishedAt)))
  const preview = async (at: number) => {
    const dir = mkdtempSync(join(tmpdir(), 'ea-site-'))
    const readers = await openReaders({ DATA_DIR: dir, READERS_SECRET: secret }, { siteUrl: site, now: () => at })
    try {
      return await readers.previewNextMail(store, 'el')
    } finally {
      await readers.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }

  it('is the digest of a reader of all countries over the last week, in the language, with its links', async () => {
    const mail = await preview(newest + 3600_000)
    expect(mail?.subject).toBe(m.mail_digest_subject({ countries: m.nl_all_countries({}, { locale: 'el' }) }, { locale: 'el' }))
    expect(mail?.text).toContain(`${site}/el/blog/`)
  })

  it('is null when nothing is new', async () => {
    expect(await preview(Date.UTC(2035, 0, 1))).toBeNull()
  })
})
