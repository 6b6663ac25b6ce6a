/**
 * The readers' store of a browser test's server: a database of its own in the test cluster when
 * TEST_DATABASE_URL is set (scripts/test-postgres.sh; validate.ts runs the readers' tests on both
 * stores), so two test files' servers never take each other's mail jobs; else nothing, and the
 * server keeps its SQLite file under its DATA_DIR.
 */
import { randomUUID } from 'node:crypto'
import pg from 'pg'

export async function readersDatabase(name: string): Promise<{ DATABASE_URL?: string }> {
  const cluster = process.env.TEST_DATABASE_URL
  if (!cluster) return {}
  const database = `${name}_${randomUUID().slice(0, 8)}`
  const client = new pg.Client({ connectionString: cluster })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE "${database}"`)
  } finally {
    await client.end()
  }
  const url = new URL(cluster)
  url.pathname = `/${database}`
  return { DATABASE_URL: url.toString() }
}
