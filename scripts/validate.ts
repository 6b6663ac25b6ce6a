// `npm run validate`: the one gate. Type check, lint, formatting, layers, unused code, unit tests,
// production build, static export (made from a fresh clone of the commit),
// valid HTML (Nu HTML Checker), browser tests;
// then one line summing every suite: "N passed, N failed".
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

type Result = { name: string; passed: number; failed: number }
const results: Result[] = []
const run = (name: string, command: string, args: string[], env: Record<string, string> = {}) => {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`)
  const started = performance.now()
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const ok = child.status === 0
  console.log(`${ok ? '✓' : '✗'} ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`)
  return ok
}

/** A step that is not a test suite counts as one check. */
const step = (name: string, command: string, args: string[]) => {
  const ok = run(name, command, args)
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 })
}

step('typecheck', 'npm', ['run', '--silent', 'typecheck'])
step('lint', 'npm', ['run', '--silent', 'lint'])
// The guardrails of issue 22: one formatting, layers that point one way and no cycle, nothing unused.
step('formatting', 'npm', ['run', '--silent', 'format:check'])
step('layers', 'npm', ['run', '--silent', 'lint:layers'])
step('unused code', 'npm', ['run', '--silent', 'lint:unused'])

rmSync('test-results', { recursive: true, force: true })
// The readers' store runs its suite on SQLite and, where this machine can start a private
// PostgreSQL (root, Debian's postgresql-15 installed: CI), on PostgreSQL too (decision 029).
const vitest = ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/unit.json']
const withPostgres = process.getuid?.() === 0 && existsSync(`${process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'}/initdb`)
if (!withPostgres) console.log('\nPostgreSQL 15 cannot be started here (not root, or not installed): its store tests are skipped.')
const unitOk = withPostgres
  ? run('unit tests', 'bash', ['scripts/test-postgres.sh', 'run', ...vitest])
  : run('unit tests', vitest[0], vitest.slice(1))
const unit: { numPassedTests: number; numFailedTests: number } | null = existsSync('test-results/unit.json')
  ? JSON.parse(readFileSync('test-results/unit.json', 'utf8'))
  : null
results.push({
  name: 'unit tests',
  passed: unit?.numPassedTests ?? 0,
  // A run that failed without a failing test (a crash, a file that did not load) counts as one failure.
  failed: unit ? unit.numFailedTests || (unitOk ? 0 : 1) : 1,
})

step('build', 'npm', ['run', '--silent', 'build'])
// The static export, made the way docs/deploy.md tells an operator: from a fresh clone of the commit
// with its packages installed (here: this tree's node_modules), nothing generated beforehand. It
// writes into this tree's dist-static/, which the HTML check and the browser tests read.
const clone = mkdtempSync(join(tmpdir(), 'estate-atlas-clone-'))
const cloned = run('fresh clone', 'git', ['clone', '--quiet', '--no-hardlinks', '.', clone])
if (cloned) symlinkSync(resolve('node_modules'), join(clone, 'node_modules'), 'dir')
const exported = cloned && run('static export', 'npm', ['run', '--silent', '--prefix', clone, 'build:static'], { STATIC_OUT: resolve('dist-static') })
results.push({ name: 'static export', passed: exported ? 1 : 0, failed: exported ? 0 : 1 })
rmSync(clone, { recursive: true, force: true })
// Every URL of the sitemaps and the not-found page through the W3C Nu HTML Checker (Java).
step('valid HTML', 'npm', ['run', '--silent', 'validate:html'])

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  console.error(`\nBrowser tests need Chromium at ${chromium}: apt-get install -y chromium (or set CHROMIUM_PATH).`)
  results.push({ name: 'browser tests', passed: 0, failed: 1 })
} else if (results.some((r) => (r.name === 'build' || r.name === 'static export') && r.failed)) {
  results.push({ name: 'browser tests', passed: 0, failed: 1 })
} else {
  const e2eOk = run('browser tests', 'npx', ['playwright', 'test'], { CI: '1' })
  const report: { stats?: { expected: number; unexpected: number } } | null = existsSync('test-results/e2e.json')
    ? JSON.parse(readFileSync('test-results/e2e.json', 'utf8'))
    : null
  const stats = report?.stats
  results.push({
    name: 'browser tests',
    passed: stats?.expected ?? 0,
    failed: stats ? stats.unexpected || (e2eOk ? 0 : 1) : 1,
  })
  // The readers' browser tests again on PostgreSQL (issue 39: both stores), in a private cluster.
  if (withPostgres) {
    const readersFiles = ['tests/e2e/newsletter.spec.ts', 'tests/e2e/contact.spec.ts']
    const pgOk = run('browser tests (PostgreSQL)', 'bash', ['scripts/test-postgres.sh', 'run', 'npx', 'playwright', 'test', ...readersFiles], {
      CI: '1',
      E2E_JSON: 'test-results/e2e-postgres.json',
    })
    const pg: { stats?: { expected: number; unexpected: number } } | null = existsSync('test-results/e2e-postgres.json')
      ? JSON.parse(readFileSync('test-results/e2e-postgres.json', 'utf8'))
      : null
    results.push({
      name: 'browser (PG)',
      passed: pg?.stats?.expected ?? 0,
      failed: pg?.stats ? pg.stats.unexpected || (pgOk ? 0 : 1) : 1,
    })
  }
}

console.log('\nSummary')
for (const r of results) console.log(`  ${r.name.padEnd(14)} ${r.passed} passed, ${r.failed} failed`)
const passed = results.reduce((n, r) => n + r.passed, 0)
const failed = results.reduce((n, r) => n + r.failed, 0)
console.log(`${passed} passed, ${failed} failed`)
// .ci/run repeats this line last, after anything npm prints on a failure.
mkdirSync('test-results', { recursive: true })
writeFileSync('test-results/summary.txt', `${passed} passed, ${failed} failed\n`)
process.exit(failed ? 1 : 0)
