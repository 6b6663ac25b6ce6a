import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMailQueue, digestKey, type MailQueue, type RenderedMail, type RenderMail } from './jobs.ts'
import { createMailer, messageIdFor, type Mailer } from './mailer.ts'
import { JOB_LEASE_MS, RETRY_DELAYS_MS } from './policy.ts'
import { openReaderStore, type ReaderStore } from './store.ts'
import { openTestStore, secret, startSmtp, storeKinds, testClock, type Clock, type TestDatabase, type TestSmtp } from './test-support.ts'
import { createReaderTokens } from './tokens.ts'
import type { SignUp, SubscriberRef } from './types.ts'

const FROM = 'Estate Atlas <news@estate-atlas.example>'
const SITE = 'https://estate-atlas.example'
const MINUTE = 60 * 1000
const DAY = 24 * 60 * MINUTE

const subjects: Record<string, string> = { el: 'Επιβεβαιώστε την εγγραφή σας', en: 'Confirm your subscription' }

describe.each(storeKinds)('mail jobs $title', ({ kind, skip }) => {
  let clock: Clock
  let store: ReaderStore
  let database: TestDatabase
  let closeStore: () => Promise<void>
  let smtp: TestSmtp
  const mailers: Mailer[] = []
  const others: ReaderStore[] = []

  const tokens = () => createReaderTokens({ secret, now: clock.now })

  /** What the integrator's React Email templates will do, reduced to the parts the tests read. */
  const render: RenderMail = async (job, subscriber): Promise<RenderedMail> => {
    const locale = typeof job.payload.locale === 'string' ? job.payload.locale : 'en'
    const ref = subscriber && { subscriberId: subscriber.id, tokenVersion: subscriber.tokenVersion }
    const unsubscribe = ref
      ? { url: `${SITE}/api/readers/unsubscribe?token=${await tokens().sign('unsubscribe', ref)}`, mailto: 'leave@estate-atlas.example' }
      : undefined
    const link =
      ref && job.kind === 'confirm' ? `${SITE}/${locale}/readers/confirm?token=${await tokens().sign('confirm', ref)}` : `${SITE}/${locale}/`
    return {
      subject: job.kind === 'confirm' ? (subjects[locale] ?? subjects.en) : `${job.kind} ${job.key}`,
      text: `${job.kind}: ${link}`,
      html: `<p><a href="${link}">${job.kind}</a></p>`,
      locale,
      unsubscribe,
    }
  }

  const queueOn = (target: ReaderStore, url = smtp.url): MailQueue => {
    const mailer = createMailer({ smtpUrl: url, from: FROM, timeouts: { connection: 2000, greeting: 2000, socket: 5000 } })
    mailers.push(mailer)
    return createMailQueue({ store: target, mailer, render, now: clock.now })
  }

  const signUp = (overrides: Partial<SignUp> = {}): SignUp => ({
    email: 'reader@example.org',
    locale: 'el',
    countries: ['GR'],
    frequency: 'changes',
    consentVersion: '2026-11',
    ...overrides,
  })

  const subscriberOf = async (email: string): Promise<SubscriberRef> => {
    for (const entry of await store.sendLog({ limit: 500 })) {
      const subscriber = entry.subscriberId ? await store.findSubscriber(entry.subscriberId) : null
      if (subscriber?.email === email) return { subscriberId: subscriber.id, tokenVersion: subscriber.tokenVersion }
    }
    throw new Error('no such subscriber')
  }

  const confirmedReader = async (email: string) => {
    await store.subscribe(signUp({ email }), '203.0.113.7')
    const ref = await subscriberOf(email)
    await store.confirm(ref)
    // Its confirmation mail is not what these tests look at.
    const confirmation = await store.claimDueJobs({ limit: 10, leaseMs: JOB_LEASE_MS })
    for (const job of confirmation) await store.finishJob(job, { status: 'sent' })
    return ref
  }

  beforeEach(async (context) => {
    if (skip) return context.skip()
    clock = testClock()
    const opened = await openTestStore(kind, clock)
    store = opened.store
    database = opened.database
    closeStore = opened.close
    smtp = await startSmtp()
  })

  afterEach(async () => {
    if (skip) return
    for (const mailer of mailers.splice(0)) mailer.close()
    for (const other of others.splice(0)) await other.close()
    await smtp.stop()
    await closeStore()
  })

  it('sends one confirmation mail, in the reader’s language, with its list headers and a working link', async () => {
    const queue = queueOn(store)
    await store.subscribe(signUp(), '203.0.113.7')
    expect(await queue.runDueJobs({ limit: 10 })).toMatchObject({ sent: 1, retried: 0, failed: 0 })
    expect(await queue.runDueJobs({ limit: 10 })).toMatchObject({ sent: 0 })
    expect(smtp.received).toHaveLength(1)

    const [{ to, mail }] = smtp.received
    const ref = await subscriberOf('reader@example.org')
    const key = `confirm:${ref.subscriberId}:${ref.tokenVersion}`
    // Long headers come folded; unfolded, each is one line again.
    const header = (name: string) => (mail.headerLines.find((line) => line.key === name)?.line ?? '').replace(/\r\n\s+/g, ' ')
    expect(to).toEqual(['reader@example.org'])
    expect(mail.subject).toBe(subjects.el)
    expect(mail.messageId).toBe(messageIdFor(key, FROM))
    expect(mail.messageId).toMatch(/@estate-atlas\.example>$/)
    expect(header('list-unsubscribe')).toMatch(
      /^List-Unsubscribe: <https:\/\/estate-atlas\.example\/api\/readers\/unsubscribe\?token=[\w.-]+>, <mailto:leave@estate-atlas\.example>$/,
    )
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    expect(header('content-language')).toBe('Content-Language: el')
    expect(mail.text).toContain('/el/readers/confirm?token=')
    expect(mail.html).toContain('/el/readers/confirm?token=')

    const token = /token=([\w.-]+)/.exec(mail.text ?? '')?.[1] ?? ''
    const fromLink = await tokens().verify('confirm', token)
    expect(fromLink).toEqual(ref)
    expect(fromLink && (await store.confirm(fromLink))).toMatchObject({ status: 'confirmed' })
    expect(await store.jobByKey(key)).toMatchObject({ status: 'sent', attempts: 1, sentAt: clock.now() })
  })

  it('sends one mail for one idempotency key, however often it is queued', async () => {
    const queue = queueOn(store)
    const job = { key: 'ack:message-1', kind: 'ack' as const, recipient: 'maria@example.org', payload: { locale: 'en' } }
    expect((await queue.enqueue(job)).created).toBe(true)
    expect((await queue.enqueue(job)).created).toBe(false)
    await queue.runDueJobs({ limit: 10 })
    expect((await queue.enqueue(job)).created).toBe(false)
    clock.advance(DAY)
    await queue.runDueJobs({ limit: 10, ignoreBackoff: true })
    expect(smtp.received).toHaveLength(1)
  })

  it('keeps a mail through an SMTP outage and sends it exactly once when the server is back', async () => {
    const queue = queueOn(store)
    const port = smtp.port
    await smtp.stop()
    await store.subscribe(signUp(), '203.0.113.7')
    expect(await queue.runDueJobs({ limit: 10 })).toMatchObject({ sent: 0, retried: 1 })
    const [waiting] = await store.sendLog()
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, nextAttemptAt: clock.now() + RETRY_DELAYS_MS[0] })
    expect(waiting.lastError).toMatch(/ECONNECTION|ECONNREFUSED/)
    expect(waiting.lastError).not.toContain('reader@example.org')

    // Not before its back-off: nothing is claimed.
    expect(await queue.runDueJobs({ limit: 10 })).toMatchObject({ sent: 0, retried: 0 })
    smtp = await startSmtp({ port })
    clock.advance(RETRY_DELAYS_MS[0])
    expect(await queue.runDueJobs({ limit: 10 })).toMatchObject({ sent: 1 })
    clock.advance(DAY)
    expect(await queue.runDueJobs({ limit: 10, ignoreBackoff: true })).toMatchObject({ sent: 0 })
    expect(smtp.received).toHaveLength(1)
    expect(await store.sendLog()).toMatchObject([{ status: 'sent', attempts: 2, lastError: null }])
  })

  it('gives up after the last back-off step', async () => {
    const queue = queueOn(store)
    await smtp.stop()
    await queue.enqueue({ key: 'ack:m', kind: 'ack', recipient: 'maria@example.org', payload: {} })
    for (const delay of RETRY_DELAYS_MS) {
      expect(await queue.runDueJobs({ limit: 10 })).toMatchObject({ retried: 1 })
      clock.advance(delay)
    }
    expect(await queue.runDueJobs({ limit: 10 })).toMatchObject({ failed: 1 })
    expect(await store.jobByKey('ack:m')).toMatchObject({ status: 'failed', attempts: RETRY_DELAYS_MS.length + 1 })
    smtp = await startSmtp({ port: smtp.port })
    clock.advance(DAY)
    expect(await queue.runDueJobs({ limit: 10, ignoreBackoff: true })).toMatchObject({ sent: 0 })
  })

  it('marks a reader bounced on a permanent refusal (550) and retries a temporary one (451)', async () => {
    await smtp.stop()
    smtp = await startSmtp({ refuse: (address) => (address === 'gone@example.org' ? 550 : address === 'later@example.org' ? 451 : null) })
    const queue = queueOn(store)
    const gone = await confirmedReader('gone@example.org')
    const later = await confirmedReader('later@example.org')
    for (const [ref, email] of [
      [gone, 'gone@example.org'],
      [later, 'later@example.org'],
    ] as const) {
      await queue.enqueue({
        key: digestKey(ref.subscriberId, 'w48'),
        kind: 'digest',
        recipient: email,
        subscriberId: ref.subscriberId,
        payload: { locale: 'el' },
      })
    }
    expect(await queue.runDueJobs({ limit: 10 })).toMatchObject({ bounced: 1, retried: 1, sent: 0 })

    const bounced = await store.jobByKey(digestKey(gone.subscriberId, 'w48'))
    expect(bounced).toMatchObject({ status: 'failed', attempts: 1 })
    expect(bounced?.lastError).toMatch(/EENVELOPE RCPT TO 550/)
    expect(bounced?.lastError).not.toContain('gone@')
    expect((await store.findSubscriber(gone.subscriberId))?.status).toBe('bounced')
    expect(await store.jobByKey(digestKey(later.subscriberId, 'w48'))).toMatchObject({ status: 'queued', attempts: 1 })
    expect((await store.findSubscriber(later.subscriberId))?.status).toBe('confirmed')

    // Nothing more goes to the refused address: not this job, not a later digest.
    await queue.enqueue({
      key: digestKey(gone.subscriberId, 'w49'),
      kind: 'digest',
      recipient: 'gone@example.org',
      subscriberId: gone.subscriberId,
      payload: {},
    })
    clock.advance(DAY)
    expect(await queue.runDueJobs({ limit: 10 })).toMatchObject({ cancelled: 1, bounced: 0, sent: 0 })
    expect(await store.jobByKey(digestKey(gone.subscriberId, 'w49'))).toMatchObject({ status: 'failed', lastError: 'cancelled: subscriber bounced' })
    expect(smtp.received).toHaveLength(0)
  })

  it('sends a mail once after the worker holding it died, when its lease has run out', async () => {
    const queue = queueOn(store)
    const reader = await confirmedReader('reader@example.org')
    const key = digestKey(reader.subscriberId, '2026-11-30T07:00:00.000Z')
    await queue.enqueue({ key, kind: 'digest', recipient: 'reader@example.org', subscriberId: reader.subscriberId, payload: { locale: 'el' } })
    const createdAt = clock.now()

    // A worker claims it and is killed before it sends.
    expect(await store.claimDueJobs({ limit: 10, leaseMs: JOB_LEASE_MS })).toHaveLength(1)
    clock.advance(JOB_LEASE_MS - 1)
    expect(await queue.runDueJobs({ limit: 10 })).toMatchObject({ sent: 0 })
    clock.advance(1)
    expect(await queue.runDueJobs({ limit: 10 })).toMatchObject({ sent: 1 })
    clock.advance(JOB_LEASE_MS * 10)
    expect(await queue.runDueJobs({ limit: 10, ignoreBackoff: true })).toMatchObject({ sent: 0 })

    expect(smtp.received).toHaveLength(1)
    expect(await store.jobByKey(key)).toMatchObject({ status: 'sent', attempts: 2 })
    // The next digest starts where this one's content ended.
    expect((await store.findSubscriber(reader.subscriberId))?.lastDigestAt).toBe(createdAt)
  })

  it('does not let a worker whose lease ran out finish a job another worker took over', async () => {
    await queueOn(store).enqueue({ key: 'ack:lease', kind: 'ack', recipient: 'maria@example.org', payload: {} })
    const [slow] = await store.claimDueJobs({ limit: 1, leaseMs: JOB_LEASE_MS })
    clock.advance(JOB_LEASE_MS)
    const [fast] = await store.claimDueJobs({ limit: 1, leaseMs: JOB_LEASE_MS })
    expect(fast.id).toBe(slow.id)
    expect(await store.finishJob(fast, { status: 'sent' })).toBe(true)
    expect(await store.finishJob(slow, { status: 'retry', at: clock.now(), error: 'late' })).toBe(false)
    expect(await store.jobByKey('ack:lease')).toMatchObject({ status: 'sent' })
  })

  it('never sends a job twice when two workers on two connections run at once', async () => {
    const second = await openReaderStore(database.config, { now: clock.now })
    others.push(second)
    const [a, b] = [queueOn(store), queueOn(second)]
    const keys = Array.from({ length: 12 }, (_, n) => `ack:parallel-${n}`)
    for (const key of keys) await a.enqueue({ key, kind: 'ack', recipient: `reader${key.length}@example.org`, payload: {} })
    const [first, other] = await Promise.all([a.runDueJobs({ limit: 50 }), b.runDueJobs({ limit: 50 })])
    expect(first.sent + other.sent).toBe(12)
    expect(first.lost + other.lost).toBe(0)
    const ids = smtp.received.map(({ mail }) => mail.messageId)
    expect(ids).toHaveLength(12)
    expect(new Set(ids).size).toBe(12)
    expect(new Set(ids)).toEqual(new Set(keys.map((key) => messageIdFor(key, FROM))))
  })

  it('sends on its own when polled, and stops when told', async () => {
    const queue = queueOn(store)
    const stop = queue.poll(10)
    await queue.enqueue({ key: 'ack:polled', kind: 'ack', recipient: 'maria@example.org', payload: {} })
    for (let waited = 0; smtp.received.length === 0 && waited < 1500; waited += 10) await sleep(10)
    await stop()
    expect(smtp.received).toHaveLength(1)
    expect(await store.jobByKey('ack:polled')).toMatchObject({ status: 'sent' })
  })

  it('drops a confirmation superseded by a newer one', async () => {
    const queue = queueOn(store)
    await store.subscribe(signUp(), '203.0.113.7')
    const ref = await subscriberOf('reader@example.org')
    clock.advance(2 * DAY)
    await store.subscribe(signUp(), '203.0.113.7')
    expect(await queue.runDueJobs({ limit: 10 })).toMatchObject({ cancelled: 1, sent: 1 })
    expect(await store.jobByKey(`confirm:${ref.subscriberId}:${ref.tokenVersion}`)).toMatchObject({
      status: 'failed',
      lastError: 'cancelled: a newer confirmation exists',
    })
    expect(smtp.received).toHaveLength(1)
  })
})
