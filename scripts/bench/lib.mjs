// Shared helpers for the benchmark scripts: start servers on loopback, format tables.
import { spawn } from 'node:child_process'

export async function startSite(port, env = {}) {
  const child = spawn('node', ['server/start.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', WEB_CONCURRENCY: '1', NODE_ENV: 'production', SITE_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 3000; i++) {
    if (await fetch(`${url}/en/blog`).then((r) => r.ok, () => false)) return { url, child, stop: () => stop(child) }
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill('SIGKILL')
  throw new Error(`server on ${port} did not start`)
}

export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), 8000).unref()
  })
}

export function table(rows, columns) {
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)))
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(columns.map((c) => r[c] ?? '')))].join('\n')
}

export const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d
