/**
 * A PostgreSQL database of its own for a test, in the cluster TEST_DATABASE_URL names
 * (scripts/test-postgres.sh). Apart from test-support.ts, with no import but pg, so the browser
 * tests' runner can load it too: their servers each get a database, and never take each other's jobs.
 */
import { randomUUID } from 'node:crypto'
import pg from 'pg'

export const postgresUrl = process.env.TEST_DATABASE_URL || undefined

/** One statement on the cluster's own database (creating, dropping, ending connections). */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

/** A new, empty database: its URL, and how to drop it. */
export async function createPostgresDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`
  await adminQuery(`create database ${name}`)
  const url = new URL(postgresUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) }
}
