// Throughput and latency of a post page on loopback: server-rendered without the page cache,
// with the page cache, and sirv serving the same HTML as a static file; then the cached server
// at half its peak rate. Client and server share the machine's cores, as in the prototype's figures.
// BENCH_ROUNDS rounds (default 3) of BENCH_SECONDS seconds (default 6) per server; medians.
// Beside the rates, the CPU time the server process spent per request (all its threads, from
// /proc): less at the mercy of the machine's other load than a rate, and what a change to the
// render's work moves. sirv runs in a process of its own (sirv-server.ts): inside this one it
// shared a thread with autocannon and with the heap of every benchmark run before it, and its
// rate fell by half in a full `npm run bench` (3,164 against 6,000-8,000 req/s alone).
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon, { type Options, type Result } from 'autocannon'
import { answers, round, startSite, stop, table } from './lib'

const seconds = Number(process.env.BENCH_SECONDS ?? 6)
const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
const connections = 10
const path = '/en/blog/buying-property-in-spain-as-a-foreigner'
const run = (url: string, extra: Partial<Options> = {}) =>
  autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': 'br, gzip' }, ...extra })

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** CPU milliseconds a process has used, user and system, all threads (Linux; clock ticks of 10 ms). */
const cpuMs = (pid: number | undefined): number | null => {
  if (!pid || !existsSync(`/proc/${pid}/stat`)) return null
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

export async function throughput(): Promise<string> {
  // All three servers run at once (an idle server costs nothing) and are measured in turns, round
  // after round: on a shared 2-core machine the load drifts, and interleaving spreads the drift
  // over all three instead of favouring whichever ran in a quiet moment. Medians are reported.
  const uncached = await startSite(4401, { PAGE_CACHE: '0' })
  const cached = await startSite(4402)
  const html = await (await fetch(`${cached.url}${path}`)).text()
  const dir = mkdtempSync(join(tmpdir(), 'estate-atlas-sirv-'))
  mkdirSync(join(dir, path), { recursive: true })
  writeFileSync(join(dir, path, 'index.html'), html)
  const staticServer = spawn('node', ['scripts/bench/sirv-server.ts', dir, '4403'], { stdio: ['ignore', 'ignore', 'inherit'] })
  if (!(await answers(`http://127.0.0.1:4403${path}/`, 100))) {
    await stop(staticServer)
    throw new Error('sirv on 4403 did not start')
  }

  const targets: { name: string; url: string; pid?: number; runs: Result[]; cpu: number[] }[] = [
    { name: 'SSR, no page cache', url: `${uncached.url}${path}`, pid: uncached.child.pid, runs: [], cpu: [] },
    { name: 'SSR + page cache', url: `${cached.url}${path}`, pid: cached.child.pid, runs: [], cpu: [] },
    { name: 'sirv, same HTML', url: `http://127.0.0.1:4403${path}/`, pid: staticServer.pid, runs: [], cpu: [] },
  ]
  for (const target of targets) await run(target.url, { duration: 2 })
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) {
      const before = cpuMs(target.pid)
      const result = await run(target.url)
      const after = cpuMs(target.pid)
      target.runs.push(result)
      if (before !== null && after !== null && result.requests.total > 0) target.cpu.push((after - before) / result.requests.total)
    }
  }
  const rows = targets.map(({ name, runs, cpu }) => {
    const rps = median(runs.map((r) => r.requests.average))
    const typical = runs.find((r) => r.requests.average === rps)
    if (!typical) throw new Error(`no run of ${name} has the median rate`)
    return {
      name,
      rps,
      p50: typical.latency.p50,
      p99: typical.latency.p99,
      errors: runs.reduce((n, r) => n + r.errors + r.non2xx, 0),
      all: runs.map((r) => Math.round(r.requests.average)),
      cpu: cpu.length ? round(median(cpu), 2) : '',
    }
  })
  const peak = rows[1].rps
  const half = await run(targets[1].url, { overallRate: Math.round(peak / 2) })
  await stop(staticServer)
  await uncached.stop()
  await cached.stop()

  const sirvRps = rows[2].rps
  const printable = rows.map((r) => ({
    server: r.name,
    'req/s': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    errors: r.errors,
    'vs sirv': `1/${round(sirvRps / r.rps, 1)}`,
    'server CPU ms/req': r.cpu,
    rounds: r.all.join(' / '),
  }))
  printable.push({
    server: `SSR + page cache at ${Math.round(peak / 2)} req/s (half peak)`,
    'req/s': Math.round(half.requests.average),
    'p50 ms': half.latency.p50,
    'p99 ms': half.latency.p99,
    errors: half.errors + half.non2xx,
    'vs sirv': '',
    'server CPU ms/req': '',
    rounds: '',
  })
  return table(printable, ['server', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'vs sirv', 'server CPU ms/req', 'rounds'])
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await throughput())
