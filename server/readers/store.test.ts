import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CONFIRM_TTL_MS, MESSAGE_TTL_MS, UNCONFIRMED_TTL_MS } from './policy.ts'
import { openReaderStore, readersOffReason, type ReaderStore } from './store.ts'
import { adminQuery } from './test-database.ts'
import { createTestDatabase, openTestStore, storeKinds, testClock, type Clock } from './test-support.ts'
import type { MessageInput, SignUp, SubscriberRef } from './types.ts'

const DAY = 24 * 60 * 60 * 1000

const signUp = (overrides: Partial<SignUp> = {}): SignUp => ({
  email: 'Reader@Example.org ',
  locale: 'el',
  countries: ['GR'],
  frequency: 'changes',
  consentVersion: '2026-11',
  ...overrides,
})

const contact = (overrides: Partial<MessageInput> = {}): MessageInput => ({
  kind: 'contact',
  name: 'Maria',
  email: 'maria@example.org',
  topic: 'correction',
  body: 'The transfer tax for Greece is 3.09%.',
  locale: 'el',
  ...overrides,
})

describe('readers store configuration', () => {
  it('is off without READERS_SECRET, and says why', async () => {
    expect(readersOffReason({})).toMatch(/READERS_SECRET is not set/)
    expect(readersOffReason({ READERS_SECRET: 'x'.repeat(32) })).toBeNull()
    await expect(openReaderStore({ DATA_DIR: '/nonexistent' })).rejects.toThrow(/READERS_SECRET is not set/)
  })
})

describe.each(storeKinds)('readers store $title', ({ kind, skip }) => {
  let clock: Clock
  let store: ReaderStore
  let close: () => Promise<void>
  let databaseUrl: string | undefined

  beforeEach(async (context) => {
    if (skip) return context.skip()
    clock = testClock()
    const opened = await openTestStore(kind, clock)
    store = opened.store
    close = opened.close
    databaseUrl = opened.database.config.DATABASE_URL
  })
  afterEach(async () => {
    if (!skip) await close()
  })

  it('outlives its database ending its connections (a restart, a failover): the next query opens another', async () => {
    if (kind !== 'postgres') return
    await store.subscribe(signUp({}), '203.0.113.7')
    const name = new URL(databaseUrl!).pathname.slice(1)
    // Every connection of the pool is ended by the server, as an administrator or a restart does:
    // without a listener for the idle connections' errors, this ended the process.
    await adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await store.sendLog()).toHaveLength(1)
  })

  /** Signs up and returns the subscriber's id and link version (what a confirmation link carries). */
  const pending = async (overrides: Partial<SignUp> = {}): Promise<SubscriberRef> => {
    // A millisecond apart, so the newest job in the log is this sign-up's.
    clock.advance(1)
    await store.subscribe(signUp(overrides), '203.0.113.7')
    const [job] = (await store.sendLog({ limit: 1 })).filter((entry) => entry.kind === 'confirm')
    if (!job?.subscriberId) throw new Error('no confirmation was queued')
    const subscriber = await store.findSubscriber(job.subscriberId)
    return { subscriberId: job.subscriberId, tokenVersion: subscriber?.tokenVersion ?? 0 }
  }

  const confirmed = async (overrides: Partial<SignUp> = {}) => {
    const ref = await pending(overrides)
    await store.confirm(ref)
    return ref
  }

  it('signs up a pending reader with a consent record and queues one confirmation mail', async () => {
    const ref = await pending()
    const subscriber = await store.subscriberFor(ref)
    expect(subscriber).toMatchObject({
      email: 'reader@example.org',
      locale: 'el',
      countries: ['GR'],
      frequency: 'changes',
      status: 'pending',
      consentAt: clock.now(),
      consentVersion: '2026-11',
      confirmedAt: null,
    })
    // A hash keyed with the secret: neither the address nor a plain hash of it.
    expect(subscriber?.consentIpHash).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(JSON.stringify(subscriber)).not.toContain('203.0.113.7')
    const job = await store.jobByKey(`confirm:${ref.subscriberId}:${ref.tokenVersion}`)
    expect(job).toMatchObject({ kind: 'confirm', recipient: 'reader@example.org', status: 'queued', payload: { locale: 'el' } })
    expect(await store.sendLog()).toHaveLength(1)
  })

  it('answers a sign-up the same for a known address and changes nothing of a confirmed one', async () => {
    const ref = await confirmed()
    const before = await store.subscriberFor(ref)
    clock.advance(DAY)
    const known = await store.subscribe(signUp({ countries: 'all', locale: 'de', consentVersion: 'other' }), '198.51.100.1')
    const unknown = await store.subscribe(signUp({ email: 'new@example.org' }), '198.51.100.1')
    expect(known).toEqual(unknown)
    expect(await store.subscriberFor(ref)).toEqual(before)
    // One confirmation for the first sign-up, one for the new address: none for the confirmed one.
    expect((await store.sendLog()).filter((job) => job.kind === 'confirm')).toHaveLength(2)
  })

  it('sends another confirmation to a pending address only once the last link has expired', async () => {
    const ref = await pending()
    await store.subscribe(signUp({ countries: ['ES', 'GR', 'ES'] }), '203.0.113.7')
    expect(await store.sendLog()).toHaveLength(1)
    expect((await store.subscriberFor(ref))?.countries).toEqual(['ES', 'GR'])
    clock.advance(CONFIRM_TTL_MS)
    await store.subscribe(signUp(), '203.0.113.7')
    const renewed = await store.findSubscriber(ref.subscriberId)
    expect(renewed?.tokenVersion).toBe(ref.tokenVersion + 1)
    expect(await store.jobByKey(`confirm:${ref.subscriberId}:${ref.tokenVersion + 1}`)).not.toBeNull()
    // The expired link's version no longer confirms.
    expect(await store.confirm(ref)).toBeNull()
  })

  it('confirms with the link of the current version, twice without harm, never after leaving', async () => {
    const ref = await pending()
    expect(await store.confirm({ ...ref, tokenVersion: ref.tokenVersion + 1 })).toBeNull()
    expect(await store.confirm({ subscriberId: 'no-such-id', tokenVersion: 1 })).toBeNull()
    const first = await store.confirm(ref)
    expect(first).toMatchObject({ status: 'confirmed', confirmedAt: clock.now() })
    clock.advance(1000)
    expect(await store.confirm(ref)).toEqual(first)
    await store.unsubscribe(ref)
    expect(await store.confirm(ref)).toBeNull()
  })

  it('changes a confirmed reader’s preferences, not a pending one’s', async () => {
    const waiting = await pending({ email: 'waiting@example.org' })
    expect(await store.updatePreferences(waiting, { countries: 'all' })).toBeNull()
    const ref = await confirmed()
    const updated = await store.updatePreferences(ref, { countries: ['PT', 'ES'], locale: 'pl', frequency: 'weekly' })
    expect(updated).toMatchObject({ countries: ['ES', 'PT'], locale: 'pl', frequency: 'weekly' })
    expect(await store.updatePreferences({ ...ref, tokenVersion: 99 }, { countries: 'all' })).toBeNull()
    expect((await store.subscriberFor(ref))?.countries).toEqual(['ES', 'PT'])
  })

  it('unsubscribes, drops queued digests, and revokes the old links when the reader comes back', async () => {
    const ref = await confirmed()
    await store.enqueue({
      key: `digest:${ref.subscriberId}:w48`,
      kind: 'digest',
      recipient: 'reader@example.org',
      subscriberId: ref.subscriberId,
      payload: {},
    })
    expect(await store.unsubscribe(ref)).toBe(true)
    expect(await store.unsubscribe(ref)).toBe(false)
    expect((await store.subscriberFor(ref))?.status).toBe('unsubscribed')
    expect(await store.jobByKey(`digest:${ref.subscriberId}:w48`)).toMatchObject({ status: 'failed', lastError: 'cancelled: unsubscribed' })

    clock.advance(DAY)
    await store.subscribe(signUp(), '203.0.113.8')
    const back = await store.findSubscriber(ref.subscriberId)
    expect(back).toMatchObject({ status: 'pending', tokenVersion: ref.tokenVersion + 1, consentAt: clock.now() })
    // Links of the first subscription speak for nobody now.
    expect(await store.subscriberFor(ref)).toBeNull()
    expect(await store.unsubscribe(ref)).toBe(false)
    expect(await store.exportSubscriber(ref)).toBeNull()
    expect(await store.eraseSubscriber(ref)).toBe(false)
  })

  it('exports everything kept about a reader, as JSON', async () => {
    const ref = await confirmed()
    await store.addMessage(contact({ email: 'READER@example.org' }), { clientAddress: '203.0.113.7', editors: [] })
    await store.addMessage(contact(), { clientAddress: '203.0.113.7', editors: [] })
    const data = await store.exportSubscriber(ref)
    expect(data?.subscriber).toMatchObject({ id: ref.subscriberId, email: 'reader@example.org', status: 'confirmed' })
    expect(data?.mails.map((mail) => mail.kind).sort()).toEqual(['ack', 'confirm'])
    expect(data?.mails[0]).not.toHaveProperty('payload')
    expect(data?.messages).toHaveLength(1)
    expect(data?.messages[0]).toMatchObject({ email: 'reader@example.org', body: contact().body })
    expect(JSON.parse(JSON.stringify(data))).toEqual(data)
  })

  it('erases a reader with their mails and messages, and no one else', async () => {
    const ref = await confirmed()
    const other = await confirmed({ email: 'other@example.org' })
    await store.addMessage(contact({ email: 'reader@example.org' }), { clientAddress: '203.0.113.7', editors: ['editor@example.org'] })
    expect(await store.eraseSubscriber(ref)).toBe(true)
    expect(await store.findSubscriber(ref.subscriberId)).toBeNull()
    expect(await store.listMessages('new')).toEqual([])
    const log = await store.sendLog()
    expect(log.map((job) => job.kind).sort()).toEqual(['confirm', 'notify'])
    expect(log.find((job) => job.kind === 'confirm')?.subscriberId).toBe(other.subscriberId)
    expect(await store.subscriberFor(other)).not.toBeNull()
  })

  it('deletes sign-ups left unconfirmed for 7 days, with their confirmation mails', async () => {
    const old = await pending({ email: 'old@example.org' })
    const kept = await confirmed({ email: 'kept@example.org' })
    clock.advance(UNCONFIRMED_TTL_MS + 1)
    const fresh = await pending({ email: 'fresh@example.org' })
    expect(await store.deleteUnconfirmedOlderThan()).toBe(1)
    expect(await store.findSubscriber(old.subscriberId)).toBeNull()
    expect(await store.jobByKey(`confirm:${old.subscriberId}:${old.tokenVersion}`)).toBeNull()
    expect(await store.findSubscriber(kept.subscriberId)).not.toBeNull()
    expect(await store.findSubscriber(fresh.subscriberId)).not.toBeNull()
  })

  it('keeps messages in the inbox by status, newest first, for twelve months', async () => {
    const editors = ['editor@example.org', 'Second.Editor@example.org']
    const first = await store.addMessage(contact(), { clientAddress: '2001:db8::1', editors })
    clock.advance(1000)
    const second = await store.addMessage(contact({ kind: 'partner', topic: 'partnership', name: 'Agency' }), {
      clientAddress: '2001:db8::1',
      editors,
    })
    expect((await store.listMessages('new')).map((m) => m.id)).toEqual([second.id, first.id])
    expect(await store.jobByKey(`ack:${first.id}`)).toMatchObject({
      kind: 'ack',
      recipient: 'maria@example.org',
      payload: { locale: 'el', topic: 'correction' },
    })
    expect(await store.jobByKey(`notify:${first.id}:1`)).toMatchObject({ kind: 'notify', recipient: 'second.editor@example.org' })
    expect(await store.setMessageStatus(first.id, 'answered')).toBe(true)
    expect(await store.setMessageStatus('no-such-id', 'archived')).toBe(false)
    expect((await store.listMessages('answered')).map((m) => m.id)).toEqual([first.id])
    expect((await store.listMessages('new')).map((m) => m.id)).toEqual([second.id])
    expect((await store.listMessages('new'))[0].ipHash).not.toContain('2001')
    expect(await store.countMessages()).toEqual({ new: 1, answered: 1, archived: 0 })

    clock.advance(MESSAGE_TTL_MS - 500)
    expect(await store.deleteMessagesOlderThan()).toBe(1)
    expect((await store.listMessages('new')).map((m) => m.id)).toEqual([second.id])
  })

  it('counts confirmed readers by language and the countries they hear about', async () => {
    await confirmed({ email: 'a@example.org', locale: 'el', countries: ['GR'] })
    await confirmed({ email: 'b@example.org', locale: 'el', countries: 'all' })
    await confirmed({ email: 'c@example.org', locale: 'pl', countries: ['GR', 'ES'] })
    await pending({ email: 'd@example.org', locale: 'pl', countries: ['PT'] })
    const counts = await store.readersByLanguageAndCountry()
    expect(counts.map((entry) => [entry.locale, entry.total, entry.allCountries])).toEqual([
      ['el', 2, 1],
      ['pl', 1, 0],
    ])
    expect(counts[0].byCountry).toMatchObject({ GR: 2, ES: 1, PT: 1, US: 1 })
    expect(counts[1].byCountry).toMatchObject({ GR: 1, ES: 1, PT: 0 })
  })

  it('lists confirmed readers for the digest, by frequency', async () => {
    await confirmed({ email: 'a@example.org', frequency: 'weekly' })
    await confirmed({ email: 'b@example.org', frequency: 'changes' })
    await pending({ email: 'c@example.org', frequency: 'weekly' })
    expect((await store.readers()).map((s) => s.email)).toEqual(['a@example.org', 'b@example.org'])
    expect((await store.readers({ frequency: 'weekly' })).map((s) => s.email)).toEqual(['a@example.org'])
  })

  it('queues a mail once per idempotency key and logs jobs without addresses or content', async () => {
    const job = { key: 'digest:x:2026-11-30', kind: 'digest' as const, recipient: 'Someone@Example.org', payload: { items: [1, 2] } }
    const first = await store.enqueue(job)
    const second = await store.enqueue({ ...job, payload: { items: [3] } })
    expect(first.created).toBe(true)
    expect(second).toEqual({ id: first.id, created: false })
    expect(await store.jobByKey(job.key)).toMatchObject({ recipient: 'someone@example.org', payload: { items: [1, 2] } })
    const [entry] = await store.sendLog()
    expect(entry).toMatchObject({ key: job.key, kind: 'digest', status: 'queued', attempts: 0 })
    expect(JSON.stringify(entry)).not.toMatch(/example\.org|items/)
  })

  it('claims no more due jobs than asked for, and none another worker holds', async () => {
    for (const key of ['a', 'b', 'c']) {
      await store.enqueue({ key: `ack:${key}`, kind: 'ack', recipient: 'maria@example.org', payload: {} })
      clock.advance(1000)
    }
    await store.enqueue({ key: 'ack:later', kind: 'ack', recipient: 'maria@example.org', payload: {}, notBefore: clock.now() + 60_000 })
    const first = await store.claimDueJobs({ limit: 1, leaseMs: 60_000 })
    expect(first.map((job) => job.key)).toEqual(['ack:a'])
    expect(first[0]).toMatchObject({ status: 'sending', attempts: 1, leaseUntil: clock.now() + 60_000 })
    expect((await store.claimDueJobs({ limit: 5, leaseMs: 60_000 })).map((job) => job.key)).toEqual(['ack:b', 'ack:c'])
    expect(await store.claimDueJobs({ limit: 5, leaseMs: 60_000 })).toEqual([])
    expect((await store.claimDueJobs({ limit: 5, leaseMs: 60_000, ignoreBackoff: true })).map((job) => job.key)).toEqual(['ack:later'])
  })

  it('counts hits per window and uses an id once until it expires', async () => {
    expect(await store.countHit('signUp:abc', 60_000)).toBe(1)
    expect(await store.countHit('signUp:abc', 60_000)).toBe(2)
    expect(await store.countHit('signUp:other', 60_000)).toBe(1)
    clock.advance(60_000)
    expect(await store.countHit('signUp:abc', 60_000)).toBe(1)

    expect(await store.useOnce('altcha:n1', clock.now() + 1000)).toBe(true)
    expect(await store.useOnce('altcha:n1', clock.now() + 1000)).toBe(false)
    clock.advance(1000)
    expect((await store.applyRetention()).counters).toBe(3)
  })

  it('migrates once when two processes open a new database at the same time', async () => {
    const database = await createTestDatabase(kind)
    try {
      const [a, b] = await Promise.all([openReaderStore(database.config), openReaderStore(database.config)])
      await a.subscribe(signUp(), '203.0.113.7')
      expect(await b.readersByLanguageAndCountry()).toEqual([])
      expect(await b.sendLog()).toHaveLength(1)
      await Promise.all([a.close(), b.close()])
      const again = await openReaderStore(database.config)
      expect(await again.sendLog()).toHaveLength(1)
      await again.close()
    } finally {
      await database.drop()
    }
  })
})
