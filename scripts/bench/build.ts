// Build cost with the bundled content and with 10x and 100x synthetic content (copies of the real
// posts under new keys and slugs, in a temporary CONTENT_DIR): the production build, the content
// check an editor runs, and the server's content load at start.
import { spawnSync } from 'node:child_process'
import { readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { round, startSite, table, type Row } from './lib'
import { syntheticContent } from '../synthetic-content'

const seconds = (command: string, args: string[], env: Record<string, string> = {}) => {
  const started = performance.now()
  const result = spawnSync(command, args, { env: { ...process.env, ...env }, stdio: 'ignore' })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`)
  return (performance.now() - started) / 1000
}

export async function build(): Promise<string> {
  const rows: Row[] = []
  const buildTime = seconds('npm', ['run', '--silent', 'build'])
  for (const factor of [1, 10, 100]) {
    const dir = factor === 1 ? 'content' : syntheticContent(factor)
    const check = seconds('node_modules/.bin/tsx', ['scripts/content-check.ts', '--quiet'], { CONTENT_DIR: dir })
    const started = performance.now()
    const site = await startSite(4431, { CONTENT_DIR: dir })
    const start = (performance.now() - started) / 1000
    await site.stop()
    const documents = readdirSync(join(dir, 'posts')).length * 18
    // The static export renders every page and share image; at 100x (14,400 posts) that takes
    // minutes, so it runs only with BENCH_EXPORT_100X=1.
    const exportIt = factor <= 10 || process.env.BENCH_EXPORT_100X === '1'
    const out = join(tmpdir(), `estate-atlas-static-${factor}x`)
    const exported = exportIt
      ? round(seconds('npm', ['run', '--silent', 'build:static'], { CONTENT_DIR: dir, STATIC_OUT: out }))
      : 'BENCH_EXPORT_100X=1'
    if (exportIt) rmSync(out, { recursive: true, force: true })
    rows.push({
      content: `${factor}x`,
      'post documents': documents,
      'build s': round(buildTime),
      'content:check s': round(check, 2),
      'server start s': round(start, 2),
      'static export s': exported,
    })
    if (factor !== 1) rmSync(dir, { recursive: true, force: true })
  }
  return table(rows, ['content', 'post documents', 'build s', 'content:check s', 'server start s', 'static export s'])
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await build())
