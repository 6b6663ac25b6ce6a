import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parsePriceSnapshot, PRICES_FILE, priceCountries, type PriceSnapshot } from '../src/key-figures/prices'

// A recorded WS_SPP answer (tests/fixtures/bis/README.md) and the snapshot as it was one refresh earlier.
const recorded = readFileSync('tests/fixtures/bis/ws_spp.csv', 'utf8')
const current = JSON.parse(readFileSync(`content/key-figures/${PRICES_FILE}`, 'utf8')) as PriceSnapshot
function older(): string {
  const old = structuredClone(current)
  old.retrieved = '2026-02-15'
  for (const c of priceCountries) for (const kind of ['nominal', 'real'] as const) old.countries[c][kind].observations.splice(-2)
  return `${JSON.stringify(old, null, 2)}\n`
}

let server: Server
let base: string
const answers: Record<string, string> = { '/good': recorded, '/truncated': recorded.slice(0, Math.floor(recorded.length * 0.6)) }
const requested: string[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    requested.push(request.url ?? '')
    const body = answers[(request.url ?? '').split('/data/')[0]]
    if (body === undefined) return response.writeHead(404).end('not found')
    response.writeHead(200, { 'Content-Type': 'text/csv' }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** Runs the script as `npm run data:refresh` does (tsx), against the local server. */
function refresh(prefix: string, file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/data-refresh.ts', '--file', file], {
      env: { ...process.env, BIS_API_BASE: `${base}${prefix}` },
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => resolve({ code, output }))
  })
}

describe('npm run data:refresh', () => {
  it('writes a new dated snapshot from a good answer and prints what changed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ea-prices-'))
    try {
      const file = join(dir, 'bis-residential.json')
      writeFileSync(file, older())
      const { code, output } = await refresh('/good', file)
      expect(code, output).toBe(0)
      expect(requested.at(-1)).toBe('/good/data/dataflow/BIS/WS_SPP/1.0/Q.BG+HR+CY+GR+IT+PL+PT+ES+SE+US.N+R.628?startPeriod=2010-Q1&format=csv')
      const written = parsePriceSnapshot(readFileSync(file, 'utf8'), file)
      expect(written.issues).toEqual([])
      expect(written.snapshot?.retrieved).toBe(new Date().toISOString().slice(0, 10))
      expect(written.snapshot?.via).toBeUndefined()
      expect(written.snapshot?.countries.ES).toEqual(current.countries.ES)
      expect(output).toMatch(/Changed since the snapshot of 2026-02-15:/)
      expect(output).toMatch(/ES nominal: 2 new quarters to 2025-Q4; year-on-year [+-]\d+\.\d% → \+12\.9%/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses a truncated answer, exits 1 and leaves the last snapshot as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ea-prices-'))
    try {
      const file = join(dir, 'bis-residential.json')
      const before = older()
      writeFileSync(file, before)
      const { code, output } = await refresh('/truncated', file)
      expect(code, output).toBe(1)
      expect(output).toMatch(/Refused: /)
      expect(output).toMatch(/The last good snapshot \(2026-02-15\) stays/)
      expect(readFileSync(file, 'utf8')).toBe(before)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses an error answer the same way', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ea-prices-'))
    try {
      const file = join(dir, 'bis-residential.json')
      writeFileSync(file, older())
      const { code, output } = await refresh('/missing', file)
      expect(code, output).toBe(1)
      expect(output).toMatch(/answered 404/)
      expect(readFileSync(file, 'utf8')).toBe(older())
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
