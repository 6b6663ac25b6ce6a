/**
 * The readers' store (issue 39, decision 029): subscribers, the editors' inbox, durable mail jobs
 * and the form limits, in one schema over SQLite (`node:sqlite`, a file under DATA_DIR, the
 * default) or PostgreSQL (`DATABASE_URL`, for several nodes). Migrations run when it opens.
 *
 * Addresses are personal data: no function here logs, and no error it throws names one.
 */
import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { Kysely, PostgresDialect, type ExpressionBuilder, type Transaction } from 'kysely'
import { Migrator } from 'kysely/migration'
import pg from 'pg'
import type { Config } from '../config.ts'
import { isLocale, type Locale } from '../../src/paraglide/runtime.js'
import { deriveKey, hashAddress } from './keys.ts'
import { CONFIRM_TTL_MS, FINISHED_JOB_TTL_MS, MESSAGE_TTL_MS, UNCONFIRMED_TTL_MS } from './policy.ts'
import { migrationProvider, type MailJobsTable, type MessagesTable, type ReadersDatabase, type SubscribersTable } from './schema.ts'
import { NodeSqliteDialect } from './sqlite-dialect.ts'
import {
  emailSchema,
  guideCountries,
  type ClaimedJob,
  type Countries,
  type GuideCountry,
  type JobStatus,
  type JsonObject,
  type MailJob,
  type Message,
  type MessageInput,
  type MessageStatus,
  type NewMailJob,
  type Preferences,
  type ReadersOfLanguage,
  type SendLogEntry,
  type SignUp,
  type Subscriber,
  type SubscriberExport,
  type SubscriberRef,
  type Frequency,
} from './types.ts'

/** How a worker ends a job it claimed. */
export type JobOutcome =
  | { status: 'sent' }
  | { status: 'retry'; at: number; error: string }
  /** `bounce`: the address was refused for good, so the subscriber is marked bounced. */
  | { status: 'failed'; error: string; bounce?: boolean }

export interface ReaderStore {
  readonly kind: 'sqlite' | 'postgres'

  /**
   * Records a sign-up and, in the same transaction, queues its confirmation mail when one is due:
   * for a new address, one that had left or bounced (a new consent), or a pending one whose last
   * link has expired. An address already confirmed is left as it is. Returns nothing, so that a
   * caller cannot answer differently for a known address and an unknown one.
   */
  subscribe(signUp: SignUp, clientAddress: string): Promise<void>
  /** Confirms a pending sign-up (a second click is fine); null for a link that no longer counts. */
  confirm(ref: SubscriberRef): Promise<Subscriber | null>
  /** The subscriber a link speaks for, or null when the link was revoked or they are gone. */
  subscriberFor(ref: SubscriberRef): Promise<Subscriber | null>
  /** By id, without a link: for the mail worker and the editors, never for a reader's request. */
  findSubscriber(id: string): Promise<Subscriber | null>
  updatePreferences(ref: SubscriberRef, preferences: Preferences): Promise<Subscriber | null>
  /** Stops all mail to them; their queued digests are dropped. False when the link did not count. */
  unsubscribe(ref: SubscriberRef): Promise<boolean>
  /** Everything kept about them: the subscription, their mails (no content), their messages. */
  exportSubscriber(ref: SubscriberRef): Promise<SubscriberExport | null>
  /** Deletes the subscriber, every mail to their address and every message from it. */
  eraseSubscriber(ref: SubscriberRef): Promise<boolean>
  /** Confirmed readers (for the digest), optionally of one frequency. */
  readers(filter?: { frequency?: Frequency }): Promise<Subscriber[]>
  readersByLanguageAndCountry(): Promise<ReadersOfLanguage[]>
  deleteUnconfirmedOlderThan(ms?: number): Promise<number>

  /**
   * Stores a contact or partner message and queues, in the same transaction, the sender's
   * acknowledgement (`ack:<id>`) and one notification per editor address (`notify:<id>:<n>`).
   */
  addMessage(input: MessageInput, context: { clientAddress: string; editors: readonly string[] }): Promise<{ id: string }>
  /** Newest first. */
  listMessages(status: MessageStatus, options?: { limit?: number }): Promise<Message[]>
  setMessageStatus(id: string, status: MessageStatus): Promise<boolean>
  /** How many messages are in each state. */
  countMessages(): Promise<Record<MessageStatus, number>>
  deleteMessagesOlderThan(ms?: number): Promise<number>

  /** Queues a mail; a job with the same key already there (in any state) makes this a no-op. */
  enqueue(job: NewMailJob): Promise<{ id: string; created: boolean }>
  /**
   * Claims up to `limit` due jobs for `leaseMs`: queued ones whose time has come (any queued one
   * with `ignoreBackoff`), and ones whose worker's lease ran out (it died mid-send). Each claim
   * counts as an attempt. A claimed job is nobody else's until its lease ends.
   */
  claimDueJobs(options: { limit: number; leaseMs: number; ignoreBackoff?: boolean; exclude?: readonly string[] }): Promise<ClaimedJob[]>
  /** Ends a claimed job; false when its lease had run out and another worker has it now. */
  finishJob(job: ClaimedJob, outcome: JobOutcome): Promise<boolean>
  jobByKey(key: string): Promise<MailJob | null>
  /** The newest jobs, without addresses or content. */
  sendLog(options?: { limit?: number; status?: JobStatus }): Promise<SendLogEntry[]>
  deleteFinishedJobsOlderThan(ms?: number): Promise<number>

  /** Counts one more event in `bucket`'s current window of `windowMs` and returns the count. */
  countHit(bucket: string, windowMs: number): Promise<number>
  /** True the first time an id is used (until `expiresAt`), false every time after. */
  useOnce(id: string, expiresAt: number): Promise<boolean>

  /** Every retention rule at once: lapsed sign-ups, old messages, old jobs, expired counters. */
  applyRetention(): Promise<{ subscribers: number; messages: number; jobs: number; counters: number }>
  close(): Promise<void>
}

export type ReaderStoreConfig = Pick<Config, 'DATA_DIR'> & Partial<Pick<Config, 'DATABASE_URL' | 'READERS_SECRET'>>

export type ReaderStoreOptions = {
  /** The clock, in milliseconds: tests pass their own so nothing has to sleep. */
  now?: () => number
}

const READERS_OFF = 'READERS_SECRET is not set: sign-up, contact forms and reader mail are off (openssl rand -base64 32)'

/** Why the readers' features are off, or null when they can run. */
export function readersOffReason(config: Partial<Pick<Config, 'READERS_SECRET'>>): string | null {
  return config.READERS_SECRET ? null : READERS_OFF
}

const PG_INT8 = 20

function openDatabase(config: ReaderStoreConfig): Kysely<ReadersDatabase> {
  if (config.DATABASE_URL) {
    // Times are bigint milliseconds and counts are bigint: both fit a JavaScript number. This pool
    // reads them as numbers; pg's global parsers, which other code may rely on, are left alone.
    const pool = new pg.Pool({
      connectionString: config.DATABASE_URL,
      max: 10,
      types: {
        getTypeParser: (oid: number, format?: 'text' | 'binary') =>
          oid === PG_INT8 && format !== 'binary' ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format),
      },
    })
    // An idle connection the server ends (a restart, a failover, an administrator) is an 'error' on
    // the pool: without a listener it would end the process. The pool drops that connection and
    // opens another for the next query; the query that meets a dead server fails on its own.
    pool.on('error', (error: Error & { code?: string }) => {
      console.error(JSON.stringify({ at: new Date().toISOString(), event: 'readers-db-connection-lost', code: error.code ?? null }))
    })
    return new Kysely<ReadersDatabase>({ dialect: new PostgresDialect({ pool }) })
  }
  mkdirSync(config.DATA_DIR, { recursive: true })
  return new Kysely<ReadersDatabase>({ dialect: new NodeSqliteDialect({ location: join(config.DATA_DIR, 'readers.sqlite') }) })
}

/**
 * Kysely's Migrator holds a lock while it works: an advisory lock on PostgreSQL, the write lock of
 * its (immediate) transaction on SQLite; so two processes starting at once apply each migration once.
 */
async function migrate(db: Kysely<ReadersDatabase>): Promise<void> {
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest()
  if (error) throw new Error(`The readers' database could not be migrated: ${error instanceof Error ? error.message : String(error)}`)
}

export async function openReaderStore(config: ReaderStoreConfig, options: ReaderStoreOptions = {}): Promise<ReaderStore> {
  if (!config.READERS_SECRET) throw new Error(READERS_OFF)
  const db = openDatabase(config)
  try {
    await migrate(db)
  } catch (error) {
    await db.destroy()
    throw error
  }
  return createStore(db, {
    kind: config.DATABASE_URL ? 'postgres' : 'sqlite',
    addressKey: deriveKey(config.READERS_SECRET, 'address'),
    now: options.now ?? Date.now,
  })
}

type Context = { kind: 'sqlite' | 'postgres'; addressKey: Buffer; now: () => number }

function encodeCountries(countries: Countries): string {
  return countries === 'all' ? 'all' : [...new Set(countries)].sort().join(',')
}

function decodeCountries(text: string): Countries {
  if (text === 'all') return 'all'
  const codes: readonly string[] = guideCountries
  const isGuideCountry = (code: string): code is GuideCountry => codes.includes(code)
  return [...new Set(text.split(',').filter(isGuideCountry))].sort()
}

function toLocale(text: string): Locale {
  return isLocale(text) ? text : 'en'
}

function toSubscriber(row: SubscribersTable): Subscriber {
  return {
    id: row.id,
    email: row.email,
    locale: toLocale(row.locale),
    countries: decodeCountries(row.countries),
    frequency: row.frequency,
    status: row.status,
    tokenVersion: row.token_version,
    createdAt: row.created_at,
    confirmRequestedAt: row.confirm_requested_at,
    confirmedAt: row.confirmed_at,
    lastDigestAt: row.last_digest_at,
    consentAt: row.consent_at,
    consentVersion: row.consent_version,
    consentIpHash: row.consent_ip_hash,
  }
}

function toMessage(row: MessagesTable): Message {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    topic: row.topic,
    body: row.body,
    locale: toLocale(row.locale),
    status: row.status,
    createdAt: row.created_at,
    ipHash: row.ip_hash,
  }
}

function parsePayload(text: string): JsonObject {
  const value: unknown = JSON.parse(text)
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
  // Only this module writes the column, always from a JsonObject (enqueue).
  return value as JsonObject
}

function toJob(row: MailJobsTable): MailJob {
  return {
    id: row.id,
    key: row.idempotency_key,
    kind: row.kind,
    recipient: row.recipient,
    subscriberId: row.subscriber_id,
    payload: parsePayload(row.payload),
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    lastError: row.last_error,
  }
}

type Db = Kysely<ReadersDatabase> | Transaction<ReadersDatabase>

function createStore(db: Kysely<ReadersDatabase>, context: Context): ReaderStore {
  const { now } = context
  const postgres = context.kind === 'postgres'

  /** The row a link speaks for, only while the link's version is the subscriber's. */
  const rowFor = async (trx: Db, ref: SubscriberRef, lock = false) => {
    const row = await trx
      .selectFrom('subscribers')
      .selectAll()
      .where('id', '=', ref.subscriberId)
      .$if(postgres && lock, (q) => q.forUpdate())
      .executeTakeFirst()
    return row && row.token_version === ref.tokenVersion ? row : null
  }

  const insertJob = async (trx: Db, job: NewMailJob) => {
    const id = randomUUID()
    const inserted = await trx
      .insertInto('mail_jobs')
      .values({
        id,
        idempotency_key: job.key,
        kind: job.kind,
        recipient: emailSchema.parse(job.recipient),
        subscriber_id: job.subscriberId ?? null,
        payload: JSON.stringify(job.payload),
        status: 'queued',
        attempts: 0,
        next_attempt_at: job.notBefore ?? now(),
        lease_until: null,
        lease_token: null,
        last_error: null,
        created_at: now(),
        sent_at: null,
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (inserted) return { id: inserted.id, created: true }
    const existing = await trx.selectFrom('mail_jobs').select('id').where('idempotency_key', '=', job.key).executeTakeFirstOrThrow()
    return { id: existing.id, created: false }
  }

  const confirmationJob = (row: SubscribersTable): NewMailJob => ({
    key: `confirm:${row.id}:${row.token_version}`,
    kind: 'confirm',
    recipient: row.email,
    subscriberId: row.id,
    payload: { locale: row.locale, tokenVersion: row.token_version },
  })

  /** A sign-up for an address already known: what changes depends on where it stands. */
  const resubscribe = async (trx: Db, row: SubscribersTable, signUp: SignUp, consent: Partial<SubscribersTable>) => {
    if (row.status === 'confirmed') return null
    const t = now()
    const linkExpired = t - row.confirm_requested_at >= CONFIRM_TTL_MS
    // Leaving (or bouncing) and coming back is a new subscription: the old links must not work.
    const fresh = row.status !== 'pending' || linkExpired
    const updated = await trx
      .updateTable('subscribers')
      .set({
        ...consent,
        locale: signUp.locale,
        countries: encodeCountries(signUp.countries),
        frequency: signUp.frequency,
        status: 'pending',
        confirmed_at: null,
        ...(fresh ? { token_version: row.token_version + 1, confirm_requested_at: t } : {}),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    return fresh ? updated : null
  }

  const subscribe: ReaderStore['subscribe'] = async (signUp, clientAddress) => {
    const email = emailSchema.parse(signUp.email)
    const t = now()
    const consent = {
      consent_at: t,
      consent_version: signUp.consentVersion,
      consent_ip_hash: hashAddress(context.addressKey, clientAddress),
    }
    await db.transaction().execute(async (trx) => {
      // Insert first and read after: two sign-ups of one address at once cannot both insert.
      const created = await trx
        .insertInto('subscribers')
        .values({
          id: randomUUID(),
          email,
          locale: signUp.locale,
          countries: encodeCountries(signUp.countries),
          frequency: signUp.frequency,
          status: 'pending',
          token_version: 1,
          created_at: t,
          confirm_requested_at: t,
          confirmed_at: null,
          last_digest_at: null,
          ...consent,
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returningAll()
        .executeTakeFirst()
      const existing = created
        ? null
        : await trx
            .selectFrom('subscribers')
            .selectAll()
            .where('email', '=', email)
            .$if(postgres, (q) => q.forUpdate())
            .executeTakeFirstOrThrow()
      const due = created ?? (existing && (await resubscribe(trx, existing, signUp, consent)))
      if (due) await insertJob(trx, confirmationJob(due))
    })
  }

  const confirm: ReaderStore['confirm'] = async (ref) =>
    db.transaction().execute(async (trx) => {
      const row = await rowFor(trx, ref, true)
      if (!row || (row.status !== 'pending' && row.status !== 'confirmed')) return null
      if (row.status === 'confirmed') return toSubscriber(row)
      const updated = await trx
        .updateTable('subscribers')
        .set({ status: 'confirmed', confirmed_at: now() })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow()
      return toSubscriber(updated)
    })

  const subscriberFor: ReaderStore['subscriberFor'] = async (ref) => {
    const row = await rowFor(db, ref)
    return row ? toSubscriber(row) : null
  }

  const findSubscriber: ReaderStore['findSubscriber'] = async (id) => {
    const row = await db.selectFrom('subscribers').selectAll().where('id', '=', id).executeTakeFirst()
    return row ? toSubscriber(row) : null
  }

  const updatePreferences: ReaderStore['updatePreferences'] = async (ref, preferences) =>
    db.transaction().execute(async (trx) => {
      const row = await rowFor(trx, ref, true)
      if (!row || row.status !== 'confirmed') return null
      const updated = await trx
        .updateTable('subscribers')
        .set({
          ...(preferences.locale ? { locale: preferences.locale } : {}),
          ...(preferences.countries ? { countries: encodeCountries(preferences.countries) } : {}),
          ...(preferences.frequency ? { frequency: preferences.frequency } : {}),
        })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow()
      return toSubscriber(updated)
    })

  const unsubscribe: ReaderStore['unsubscribe'] = async (ref) =>
    db.transaction().execute(async (trx) => {
      const row = await rowFor(trx, ref, true)
      if (!row || row.status === 'unsubscribed') return false
      await trx.updateTable('subscribers').set({ status: 'unsubscribed' }).where('id', '=', row.id).execute()
      // Mails not yet sent are dropped; a worker that holds one checks the status before sending.
      await trx
        .updateTable('mail_jobs')
        .set({ status: 'failed', last_error: 'cancelled: unsubscribed' })
        .where('subscriber_id', '=', row.id)
        .where('status', '=', 'queued')
        .execute()
      return true
    })

  const exportSubscriber: ReaderStore['exportSubscriber'] = async (ref) => {
    const row = await rowFor(db, ref)
    if (!row) return null
    const mails = await db
      .selectFrom('mail_jobs')
      .select(['kind', 'status', 'created_at', 'sent_at'])
      .where((eb) => eb.or([eb('subscriber_id', '=', row.id), eb('recipient', '=', row.email)]))
      .orderBy('created_at')
      .execute()
    const messages = await db.selectFrom('messages').selectAll().where('email', '=', row.email).orderBy('created_at').execute()
    return {
      subscriber: toSubscriber(row),
      mails: mails.map((m) => ({ kind: m.kind, status: m.status, createdAt: m.created_at, sentAt: m.sent_at })),
      messages: messages.map(toMessage),
    }
  }

  const eraseSubscriber: ReaderStore['eraseSubscriber'] = async (ref) =>
    db.transaction().execute(async (trx) => {
      const row = await rowFor(trx, ref, true)
      if (!row) return false
      await trx.deleteFrom('mail_jobs').where('recipient', '=', row.email).execute()
      await trx.deleteFrom('messages').where('email', '=', row.email).execute()
      await trx.deleteFrom('subscribers').where('id', '=', row.id).execute()
      return true
    })

  const readers: ReaderStore['readers'] = async (filter = {}) => {
    let query = db.selectFrom('subscribers').selectAll().where('status', '=', 'confirmed')
    if (filter.frequency) query = query.where('frequency', '=', filter.frequency)
    const rows = await query.orderBy('created_at').orderBy('id').execute()
    return rows.map(toSubscriber)
  }

  const readersByLanguageAndCountry: ReaderStore['readersByLanguageAndCountry'] = async () => {
    // Grouped by the stored list: there are far fewer distinct lists than readers.
    const groups = await db
      .selectFrom('subscribers')
      .select(['locale', 'countries', (eb) => eb.fn.countAll<number>().as('readers')])
      .where('status', '=', 'confirmed')
      .groupBy(['locale', 'countries'])
      .execute()
    const byLocale = new Map<Locale, ReadersOfLanguage>()
    for (const group of groups) {
      const locale = toLocale(group.locale)
      const count = Number(group.readers)
      const entry = byLocale.get(locale) ?? {
        locale,
        total: 0,
        allCountries: 0,
        byCountry: Object.fromEntries(guideCountries.map((code) => [code, 0])) as Record<GuideCountry, number>,
      }
      const countries = decodeCountries(group.countries)
      entry.total += count
      if (countries === 'all') entry.allCountries += count
      for (const code of countries === 'all' ? guideCountries : countries) entry.byCountry[code] += count
      byLocale.set(locale, entry)
    }
    return [...byLocale.values()].sort((a, b) => b.total - a.total || a.locale.localeCompare(b.locale))
  }

  const deleteUnconfirmedOlderThan: ReaderStore['deleteUnconfirmedOlderThan'] = async (ms = UNCONFIRMED_TTL_MS) => {
    const result = await db
      .deleteFrom('subscribers')
      .where('status', '=', 'pending')
      .where('confirm_requested_at', '<', now() - ms)
      .executeTakeFirst()
    return Number(result.numDeletedRows)
  }

  const addMessage: ReaderStore['addMessage'] = async (input, { clientAddress, editors }) => {
    const id = randomUUID()
    const email = emailSchema.parse(input.email)
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('messages')
        .values({
          id,
          kind: input.kind,
          name: input.name,
          email,
          topic: input.topic,
          body: input.body,
          locale: input.locale,
          status: 'new',
          created_at: now(),
          ip_hash: hashAddress(context.addressKey, clientAddress),
        })
        .execute()
      const about = { messageId: id, kind: input.kind, topic: input.topic, locale: input.locale }
      await insertJob(trx, { key: `ack:${id}`, kind: 'ack', recipient: email, payload: { ...about, name: input.name } })
      for (const [n, editor] of editors.entries()) {
        await insertJob(trx, { key: `notify:${id}:${n}`, kind: 'notify', recipient: editor, payload: about })
      }
    })
    return { id }
  }

  const listMessages: ReaderStore['listMessages'] = async (status, { limit = 100 } = {}) => {
    const rows = await db
      .selectFrom('messages')
      .selectAll()
      .where('status', '=', status)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute()
    return rows.map(toMessage)
  }

  const setMessageStatus: ReaderStore['setMessageStatus'] = async (id, status) => {
    const result = await db.updateTable('messages').set({ status }).where('id', '=', id).executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  const countMessages: ReaderStore['countMessages'] = async () => {
    const rows = await db
      .selectFrom('messages')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('status')
      .execute()
    const counts: Record<MessageStatus, number> = { new: 0, answered: 0, archived: 0 }
    for (const row of rows) counts[row.status as MessageStatus] = Number(row.count)
    return counts
  }

  const deleteMessagesOlderThan: ReaderStore['deleteMessagesOlderThan'] = async (ms = MESSAGE_TTL_MS) => {
    const result = await db
      .deleteFrom('messages')
      .where('created_at', '<', now() - ms)
      .executeTakeFirst()
    return Number(result.numDeletedRows)
  }

  const enqueue: ReaderStore['enqueue'] = async (job) => insertJob(db, job)

  const claimDueJobs: ReaderStore['claimDueJobs'] = async ({ limit, leaseMs, ignoreBackoff = false, exclude = [] }) => {
    const t = now()
    const leaseToken = randomUUID()
    const isDue = (eb: ExpressionBuilder<ReadersDatabase, 'mail_jobs'>) =>
      eb.or([
        ignoreBackoff ? eb('status', '=', 'queued') : eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', t)]),
        eb.and([eb('status', '=', 'sending'), eb('lease_until', '<=', t)]),
      ])
    // One transaction: pick the due ids (on PostgreSQL locking them, FOR UPDATE SKIP LOCKED, so
    // workers on several nodes pass over each other's rows; on SQLite the transaction holds the
    // write lock), then take them with UPDATE ... RETURNING. Two statements, not one UPDATE with
    // a LIMIT subquery: PostgreSQL may run such a subquery once per row and take more than the limit.
    const rows = await db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('mail_jobs')
        .select('id')
        .where(isDue)
        .$if(exclude.length > 0, (q) => q.where('id', 'not in', [...exclude]))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .$if(postgres, (q) => q.forUpdate().skipLocked())
        .execute()
      if (due.length === 0) return []
      return trx
        .updateTable('mail_jobs')
        .set((eb) => ({
          status: 'sending',
          attempts: eb('attempts', '+', 1),
          lease_until: t + leaseMs,
          lease_token: leaseToken,
        }))
        .where(
          'id',
          'in',
          due.map((row) => row.id),
        )
        .where(isDue)
        .returningAll()
        .execute()
    })
    return rows
      .map((row) => ({ ...toJob(row), leaseToken, leaseUntil: t + leaseMs }))
      .sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.id.localeCompare(b.id))
  }

  const finishJob: ReaderStore['finishJob'] = async (job, outcome) =>
    db.transaction().execute(async (trx) => {
      const released = { lease_until: null, lease_token: null }
      const changes =
        outcome.status === 'sent'
          ? { ...released, status: 'sent' as const, sent_at: now(), last_error: null }
          : outcome.status === 'retry'
            ? { ...released, status: 'queued' as const, next_attempt_at: outcome.at, last_error: outcome.error }
            : { ...released, status: 'failed' as const, last_error: outcome.error }
      const result = await trx
        .updateTable('mail_jobs')
        .set(changes)
        .where('id', '=', job.id)
        .where('lease_token', '=', job.leaseToken)
        .where('status', '=', 'sending')
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) === 0) return false
      if (job.subscriberId && outcome.status === 'sent' && job.kind === 'digest') {
        // The digest covered what was new when it was queued: the next one starts from there.
        await trx.updateTable('subscribers').set({ last_digest_at: job.createdAt }).where('id', '=', job.subscriberId).execute()
      }
      if (job.subscriberId && outcome.status === 'failed' && outcome.bounce) {
        await trx
          .updateTable('subscribers')
          .set({ status: 'bounced' })
          .where('id', '=', job.subscriberId)
          .where('status', 'in', ['pending', 'confirmed'])
          .execute()
      }
      return true
    })

  const jobByKey: ReaderStore['jobByKey'] = async (key) => {
    const row = await db.selectFrom('mail_jobs').selectAll().where('idempotency_key', '=', key).executeTakeFirst()
    return row ? toJob(row) : null
  }

  const sendLog: ReaderStore['sendLog'] = async ({ limit = 100, status } = {}) => {
    let query = db
      .selectFrom('mail_jobs')
      .select(['id', 'idempotency_key', 'kind', 'subscriber_id', 'status', 'attempts', 'next_attempt_at', 'created_at', 'sent_at', 'last_error'])
    if (status) query = query.where('status', '=', status)
    const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(limit).execute()
    return rows.map((row) => ({
      id: row.id,
      key: row.idempotency_key,
      kind: row.kind,
      subscriberId: row.subscriber_id,
      status: row.status,
      attempts: row.attempts,
      nextAttemptAt: row.next_attempt_at,
      createdAt: row.created_at,
      sentAt: row.sent_at,
      lastError: row.last_error,
    }))
  }

  const deleteFinishedJobsOlderThan: ReaderStore['deleteFinishedJobsOlderThan'] = async (ms = FINISHED_JOB_TTL_MS) => {
    const result = await db
      .deleteFrom('mail_jobs')
      .where('status', 'in', ['sent', 'failed'])
      .where('created_at', '<', now() - ms)
      .executeTakeFirst()
    return Number(result.numDeletedRows)
  }

  const countHit: ReaderStore['countHit'] = async (bucket, windowMs) => {
    const start = Math.floor(now() / windowMs) * windowMs
    const row = await db
      .insertInto('rate_limits')
      .values({ bucket: `${bucket}@${start}`, count: 1, expires_at: start + windowMs })
      .onConflict((oc) => oc.column('bucket').doUpdateSet((eb) => ({ count: eb('rate_limits.count', '+', 1) })))
      .returning('count')
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }

  const useOnce: ReaderStore['useOnce'] = async (id, expiresAt) => {
    const row = await db
      .insertInto('used_challenges')
      .values({ id, expires_at: expiresAt })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst()
    return Boolean(row)
  }

  const deleteExpiredCounters = async () => {
    const t = now()
    const limits = await db.deleteFrom('rate_limits').where('expires_at', '<=', t).executeTakeFirst()
    const challenges = await db.deleteFrom('used_challenges').where('expires_at', '<=', t).executeTakeFirst()
    return Number(limits.numDeletedRows) + Number(challenges.numDeletedRows)
  }

  return {
    kind: context.kind,
    subscribe,
    confirm,
    subscriberFor,
    findSubscriber,
    updatePreferences,
    unsubscribe,
    exportSubscriber,
    eraseSubscriber,
    readers,
    readersByLanguageAndCountry,
    deleteUnconfirmedOlderThan,
    addMessage,
    listMessages,
    setMessageStatus,
    countMessages,
    deleteMessagesOlderThan,
    enqueue,
    claimDueJobs,
    finishJob,
    jobByKey,
    sendLog,
    deleteFinishedJobsOlderThan,
    countHit,
    useOnce,
    async applyRetention() {
      return {
        subscribers: await deleteUnconfirmedOlderThan(),
        messages: await deleteMessagesOlderThan(),
        jobs: await deleteFinishedJobsOlderThan(),
        counters: await deleteExpiredCounters(),
      }
    },
    close: () => db.destroy(),
  }
}
