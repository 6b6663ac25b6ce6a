// The readers' tables, one schema for SQLite and PostgreSQL (decision 029): Kysely's types of the
// rows, and the migrations that make them, in code, applied in order at start.
//
// Portable on purpose: times are milliseconds since 1970 in a bigint (no time-zone or driver
// differences between the stores), ids are random UUIDs as text, lists and JSON are text. The
// allowed values of each state are CHECK constraints, so neither store keeps a state the code
// does not know.
import { sql, type Kysely } from 'kysely'
import type { Migration, MigrationProvider } from 'kysely/migration'
import {
  frequencies,
  jobKinds,
  jobStatuses,
  messageKinds,
  messageStatuses,
  messageTopics,
  subscriberStatuses,
  type Frequency,
  type JobKind,
  type JobStatus,
  type MessageKind,
  type MessageStatus,
  type MessageTopic,
  type SubscriberStatus,
} from './types.ts'

export type SubscribersTable = {
  id: string
  email: string
  locale: string
  /** 'all', or ISO codes joined by commas ('ES,GR'), sorted. */
  countries: string
  frequency: Frequency
  status: SubscriberStatus
  token_version: number
  created_at: number
  confirm_requested_at: number
  confirmed_at: number | null
  last_digest_at: number | null
  consent_at: number
  consent_version: string
  consent_ip_hash: string
}

export type MessagesTable = {
  id: string
  kind: MessageKind
  name: string
  email: string
  topic: MessageTopic
  body: string
  locale: string
  status: MessageStatus
  created_at: number
  ip_hash: string
}

export type MailJobsTable = {
  id: string
  idempotency_key: string
  kind: JobKind
  recipient: string
  subscriber_id: string | null
  /** JSON text. */
  payload: string
  status: JobStatus
  attempts: number
  next_attempt_at: number
  lease_until: number | null
  /** Random per claim: only the worker holding the claim can finish the job. */
  lease_token: string | null
  last_error: string | null
  created_at: number
  sent_at: number | null
}

/** Fixed-window counters of the form limits, shared by every node of one database. */
type RateLimitsTable = {
  bucket: string
  count: number
  expires_at: number
}

/** ALTCHA challenges already solved once, kept until they expire. */
type UsedChallengesTable = {
  id: string
  expires_at: number
}

export type ReadersDatabase = {
  subscribers: SubscribersTable
  messages: MessagesTable
  mail_jobs: MailJobsTable
  rate_limits: RateLimitsTable
  used_challenges: UsedChallengesTable
}

const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`

// Migrations change the tables as they were then: they are never edited once released, only added.
const migrations: Record<string, Migration> = {
  '2026-11-28-001-readers': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('subscribers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('countries', 'text', (c) => c.notNull())
        .addColumn('frequency', 'text', (c) => c.notNull().check(oneOf('frequency', frequencies)))
        .addColumn('status', 'text', (c) => c.notNull().check(oneOf('status', subscriberStatuses)))
        .addColumn('token_version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('confirm_requested_at', 'bigint', (c) => c.notNull())
        .addColumn('confirmed_at', 'bigint')
        .addColumn('last_digest_at', 'bigint')
        .addColumn('consent_at', 'bigint', (c) => c.notNull())
        .addColumn('consent_version', 'text', (c) => c.notNull())
        .addColumn('consent_ip_hash', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('subscribers_status').on('subscribers').columns(['status', 'frequency']).execute()

      await db.schema
        .createTable('messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', messageKinds)))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('topic', 'text', (c) => c.notNull().check(oneOf('topic', messageTopics)))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(oneOf('status', messageStatuses)))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('ip_hash', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('messages_status').on('messages').columns(['status', 'created_at']).execute()
      await db.schema.createIndex('messages_email').on('messages').column('email').execute()

      await db.schema
        .createTable('mail_jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', jobKinds)))
        .addColumn('recipient', 'text', (c) => c.notNull())
        // A subscriber's mails go with them when they are erased or their sign-up lapses.
        .addColumn('subscriber_id', 'text', (c) => c.references('subscribers.id').onDelete('cascade'))
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(oneOf('status', jobStatuses)))
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('lease_until', 'bigint')
        .addColumn('lease_token', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .execute()
      await db.schema.createIndex('mail_jobs_due').on('mail_jobs').columns(['status', 'next_attempt_at']).execute()
      await db.schema.createIndex('mail_jobs_subscriber').on('mail_jobs').column('subscriber_id').execute()
      await db.schema.createIndex('mail_jobs_created').on('mail_jobs').column('created_at').execute()

      await db.schema
        .createTable('rate_limits')
        .addColumn('bucket', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('rate_limits_expiry').on('rate_limits').column('expires_at').execute()

      await db.schema
        .createTable('used_challenges')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('used_challenges_expiry').on('used_challenges').column('expires_at').execute()
    },
  },
}

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations
  },
}
