// Shared helpers for the benchmark scripts: start servers on loopback, format tables.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'

export type Site = { url: string; child: ChildProcess; stop: () => Promise<void> }

/** Builds the site when there is no production build yet (a fresh clone), so every script that serves it works first. */
export function ensureBuild() {
  if (existsSync('dist/server/server.js')) return
  console.log('No production build yet: running npm run build first.')
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' })
  if (result.status !== 0) throw new Error('npm run build failed')
}

/** The environment of one production worker on loopback, for benchmarks and tests; `env` adds or overrides. */
export const localServerEnv = (port: number, env: Record<string, string> = {}) => ({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  WEB_CONCURRENCY: '1',
  NODE_ENV: 'production',
  SITE_URL: `http://127.0.0.1:${port}`,
  ...env,
})

export async function startSite(port: number, env: Record<string, string> = {}): Promise<Site> {
  ensureBuild()
  const child = spawn('node', ['server/start.ts'], {
    env: localServerEnv(port, env),
    stdio: ['ignore', process.env.SITE_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  if (await answers(`${url}/en/blog`, 3000)) return { url, child, stop: () => stop(child) }
  child.kill('SIGKILL')
  throw new Error(`server on ${port} did not start`)
}

/** Whether `url` answers 200 within `tries` attempts, 100 ms apart (a server starting). */
export async function answers(url: string, tries: number): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return true
    await new Promise((r) => setTimeout(r, 100))
  }
  return false
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), 8000).unref()
  })
}

/** A table row: column name to cell. */
export type Row = Record<string, string | number>

export function table(rows: Row[], columns: string[]): string {
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)))
  const line = (cells: (string | number)[]) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(columns.map((c) => r[c] ?? '')))].join('\n')
}

export const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d
