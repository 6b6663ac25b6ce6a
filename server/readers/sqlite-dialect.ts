// A Kysely dialect for Node's built-in `node:sqlite` (decision 029): Kysely's own SQLite adapter,
// query compiler and introspector, over a driver of ours. Kysely's SqliteDialect expects
// better-sqlite3's statements (`reader`, parameters as one array), which DatabaseSync does not have.
//
// Two choices differ from Kysely's driver, both so that several connections to one file (two
// workers in one process, two processes) wait for each other instead of failing or freezing:
// - every transaction is BEGIN IMMEDIATE: it takes the write lock first, so two transactions
//   never both read and then find they cannot write (SQLITE_BUSY in the middle);
// - a busy database is waited for with timers, not with SQLite's busy timeout: DatabaseSync is
//   synchronous, and a busy timeout would stop this process's event loop, including the very
//   transaction (on another connection of the same process) it is waiting for.
import { DatabaseSync, type SQLInputValue } from 'node:sqlite'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely'

export type NodeSqliteOptions = {
  /** A file path, or ':memory:'. */
  location: string
  /** How long a statement waits for another connection's write lock before it fails. */
  busyWaitMs?: number
}

const SQLITE_BUSY = 5
const SQLITE_LOCKED = 6

function isBusy(error: unknown): boolean {
  if (!(error instanceof Error) || !('errcode' in error) || typeof error.errcode !== 'number') return false
  const primary = error.errcode & 0xff
  return primary === SQLITE_BUSY || primary === SQLITE_LOCKED
}

function toInput(value: unknown): SQLInputValue {
  if (value === null || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string') return value
  if (value instanceof Uint8Array) return value
  if (typeof value === 'boolean') return value ? 1 : 0
  if (value === undefined) return null
  throw new TypeError(`node:sqlite cannot bind a value of type ${typeof value}`)
}

class NodeSqliteConnection implements DatabaseConnection {
  readonly #db: DatabaseSync
  readonly #busyWaitMs: number

  constructor(db: DatabaseSync, busyWaitMs: number) {
    this.#db = db
    this.#busyWaitMs = busyWaitMs
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const deadline = Date.now() + this.#busyWaitMs
    for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
      try {
        return this.#run<R>(compiledQuery)
      } catch (error) {
        // A statement that met SQLITE_BUSY did nothing, so running it again is safe.
        if (!isBusy(error) || Date.now() >= deadline) throw error
        await sleep(pause)
      }
    }
  }

  #run<R>({ sql, parameters }: CompiledQuery): QueryResult<R> {
    const statement = this.#db.prepare(sql)
    const values = parameters.map(toInput)
    // A statement that returns columns (SELECT, or anything with RETURNING) is read with all().
    if (statement.columns().length > 0) {
      // node:sqlite gives plain objects of the columns Kysely asked for; their type is the query's.
      return { rows: statement.all(...values) as R[] }
    }
    const { changes, lastInsertRowid } = statement.run(...values)
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) }
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The node:sqlite driver does not stream results')
  }
}

class NodeSqliteDriver implements Driver {
  readonly #options: NodeSqliteOptions
  #db: DatabaseSync | undefined
  #connection: NodeSqliteConnection | undefined

  constructor(options: NodeSqliteOptions) {
    this.#options = options
  }

  async init(): Promise<void> {
    // timeout 0: a busy database fails at once and executeQuery waits with timers (see above).
    this.#db = new DatabaseSync(this.#options.location, { timeout: 0, enableForeignKeyConstraints: true })
    this.#connection = new NodeSqliteConnection(this.#db, this.#options.busyWaitMs ?? 10_000)
    // WAL: readers do not wait for the writer, and a commit is one append.
    await this.#connection.executeQuery(CompiledQuery.raw('pragma journal_mode = wal'))
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#connection) throw new Error('The node:sqlite driver is not initialized')
    // One connection: Kysely hands it to one query or transaction at a time (its adapter says so).
    return this.#connection
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    this.#db?.close()
    this.#db = undefined
  }
}

/**
 * SQLite runs DDL inside transactions; Kysely's adapter says it does not, so its Migrator would run
 * migrations outside one and two processes starting at once would both apply them. Said true, the
 * Migrator runs them in one (immediate) transaction: the second process waits, then finds them done.
 */
class NodeSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true
  }
}

export class NodeSqliteDialect implements Dialect {
  readonly #options: NodeSqliteOptions

  constructor(options: NodeSqliteOptions) {
    this.#options = options
  }

  createDriver(): Driver {
    return new NodeSqliteDriver(this.#options)
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler()
  }

  createAdapter() {
    return new NodeSqliteAdapter()
  }

  createIntrospector<DB>(db: Kysely<DB>) {
    return new SqliteIntrospector(db)
  }
}
