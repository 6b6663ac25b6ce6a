/**
 * What the readers' tests share: a clock they move by hand, a fresh store on SQLite (a temporary
 * DATA_DIR) or on PostgreSQL (a new database in TEST_DATABASE_URL's cluster, see
 * scripts/test-postgres.sh), and a real SMTP server on 127.0.0.1 that parses what it receives (test-smtp.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openReaderStore, type ReaderStore } from './store.ts'
import { createPostgresDatabase, postgresUrl } from './test-database.ts'

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

export async function createTestDatabase(kind: StoreKind): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'ea-readers-'))
  const removeDir = () => rmSync(dir, { recursive: true, force: true })
  if (kind === 'sqlite') return { config: { DATA_DIR: dir, READERS_SECRET: secret }, drop: async () => removeDir() }
  const database = await createPostgresDatabase('readers')
  return {
    config: { DATA_DIR: dir, DATABASE_URL: database.url, READERS_SECRET: secret },
    drop: async () => {
      removeDir()
      await database.drop()
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

export { startSmtp, type TestSmtp } from './test-smtp.ts'
