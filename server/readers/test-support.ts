/**
 * What the readers' tests share: a clock they move by hand, a fresh store on SQLite (a temporary
 * DATA_DIR) or on PostgreSQL (a new database in TEST_DATABASE_URL's cluster, see
 * scripts/test-postgres.sh), and a real SMTP server on 127.0.0.1 that parses what it receives.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { simpleParser, type ParsedMail } from 'mailparser'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { openReaderStore, type ReaderStore } from './store.ts'

export const secret = 'a-test-secret-of-at-least-thirty-two-characters'

export type Clock = { now: () => number; advance: (ms: number) => void; set: (ms: number) => void }

export function testClock(start = Date.UTC(2026, 10, 28, 12)): Clock {
  let t = start
  return {
    now: () => t,
    advance: (ms) => {
      t += ms
    },
    set: (ms) => {
      t = ms
    },
  }
}

export type StoreKind = 'sqlite' | 'postgres'

const postgresUrl = process.env.TEST_DATABASE_URL || undefined

/**
 * The stores every store and job test runs on; PostgreSQL only where a test cluster is given
 * (bash scripts/test-postgres.sh run npx vitest run server/readers). A skipped suite's title says
 * why, short enough for the reporter to print it whole.
 */
export const storeKinds: Array<{ kind: StoreKind; title: string; skip: boolean }> = [
  { kind: 'sqlite', title: 'on SQLite', skip: false },
  { kind: 'postgres', title: postgresUrl ? 'on PostgreSQL' : 'on PostgreSQL: no TEST_DATABASE_URL', skip: !postgresUrl },
]

/** One empty database per test: a temporary folder, or a new PostgreSQL database. */
export type TestDatabase = { config: { DATA_DIR: string; DATABASE_URL?: string; READERS_SECRET: string }; drop(): Promise<void> }

export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

export async function createTestDatabase(kind: StoreKind): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'ea-readers-'))
  const removeDir = () => rmSync(dir, { recursive: true, force: true })
  if (kind === 'sqlite') return { config: { DATA_DIR: dir, READERS_SECRET: secret }, drop: async () => removeDir() }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `readers_${randomUUID().replaceAll('-', '')}`
  await adminQuery(`create database ${name}`)
  const url = new URL(postgresUrl)
  url.pathname = `/${name}`
  return {
    config: { DATA_DIR: dir, DATABASE_URL: url.toString(), READERS_SECRET: secret },
    drop: async () => {
      removeDir()
      await adminQuery(`drop database if exists ${name} with (force)`)
    },
  }
}

/** A store on a fresh database; `close` closes it and drops the database. */
export async function openTestStore(kind: StoreKind, clock: Clock): Promise<{ store: ReaderStore; database: TestDatabase; close(): Promise<void> }> {
  const database = await createTestDatabase(kind)
  const store = await openReaderStore(database.config, { now: clock.now })
  return {
    store,
    database,
    async close() {
      await store.close()
      await database.drop()
    },
  }
}

export type ReceivedMail = { to: string[]; mail: ParsedMail }

export type TestSmtp = {
  port: number
  url: string
  received: ReceivedMail[]
  stop(): Promise<void>
}

/**
 * An SMTP server on 127.0.0.1 (port 0 unless a port is given, to come back on the same one).
 * `refuse(address)` answers RCPT TO with that code (550: the mailbox does not exist).
 */
export async function startSmtp(
  options: { port?: number; refuse?: (address: string) => number | null; received?: ReceivedMail[] } = {},
): Promise<TestSmtp> {
  const received = options.received ?? []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = options.refuse?.(address.address) ?? null
      if (code === null) return callback()
      callback(Object.assign(new Error(`${code === 550 ? '5.1.1 mailbox unavailable' : 'refused'}`), { responseCode: code }))
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
