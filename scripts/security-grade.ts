// `npm run security:grade`: starts the production build behind a simulated TLS terminator
// (TRUST_PROXY=1, X-Forwarded-Proto: https), grades the headers of typical answers by the HTTP
// Observatory's rules and prints the score. Or pass a URL to grade a running site.
import { spawn, type ChildProcess } from 'node:child_process'
import { ensureBuild, localServerEnv } from './bench/lib'
import { grade, type TestResult } from './observatory'

const port = 4310
const given = process.argv[2]
const base = given ?? `http://127.0.0.1:${port}`
let child: ChildProcess | undefined
if (!given) {
  ensureBuild()
  child = spawn('node', ['server/start.ts'], {
    env: localServerEnv(port, { TRUST_PROXY: '1', SITE_URL: 'https://estateatlas.example' }),
    stdio: 'ignore',
  })
  for (
    let i = 0;
    i < 100 &&
    !(await fetch(`${base}/en/blog`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await new Promise((r) => setTimeout(r, 100))
}

const paths = [
  '/en/blog',
  '/el/blog/chores/ellada',
  '/de/ueber-uns',
  '/en/no-such-page',
  '/api/og?title=Estate%20Atlas',
  '/sitemap.xml',
  '/robots.txt',
]
let worst: { score: number; letter: string; results: TestResult[]; path: string } | null = null
console.log('path'.padEnd(28), 'score', 'grade')
for (const path of paths) {
  const response = await fetch(`${base}${path}`, { headers: { 'x-forwarded-proto': 'https' }, redirect: 'manual' })
  const result = grade(Object.fromEntries(response.headers), { https: true })
  console.log(path.padEnd(28), String(result.score).padStart(5), result.letter.padStart(5))
  if (!worst || result.score < worst.score) worst = { ...result, path }
}
if (!worst) throw new Error('no path was graded')
console.log(`\nLowest: ${worst.path} — ${worst.score} (${worst.letter})`)
for (const r of worst.results) console.log(`  ${r.test.padEnd(30)} ${r.result.padEnd(62)} ${r.modifier >= 0 ? '+' : ''}${r.modifier}`)
console.log("\nRedirection from http:// to https:// is the TLS terminator's job and is not graded here.")
child?.kill('SIGTERM')
process.exit(worst.score >= 100 ? 0 : 1)
