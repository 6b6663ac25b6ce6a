import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { parsePriceSnapshot, PRICES_FILE, priceCountries, type PriceSnapshot } from '../src/key-figures/prices'
import { exchangeRatesSchema } from '../src/key-figures/schema'

// A recorded WS_SPP answer (tests/fixtures/bis/README.md) and the snapshot as it was one refresh earlier.
const recorded = readFileSync('tests/fixtures/bis/ws_spp.csv', 'utf8')
// A recorded EXR answer (tests/fixtures/ecb/README.md) and a copy of the dataset's rates to refresh.
const recordedRates = readFileSync('tests/fixtures/ecb/exr_monthly.csv', 'utf8')
const ratesBefore = readFileSync('tests/fixtures/ecb/exchange-rates-2024-08.yaml', 'utf8')
const scratch = mkdtempSync(join(tmpdir(), 'ea-rates-'))
let copies = 0
function ratesCopy(text = ratesBefore): string {
  const file = join(scratch, `exchange-rates-${copies++}.yaml`)
  writeFileSync(file, text)
  return file
}
const current = JSON.parse(readFileSync(`content/key-figures/${PRICES_FILE}`, 'utf8')) as PriceSnapshot
function older(): string {
  const old = structuredClone(current)
  old.retrieved = '2026-02-15'
  for (const c of priceCountries) for (const kind of ['nominal', 'real'] as const) old.countries[c][kind].observations.splice(-2)
  return `${JSON.stringify(old, null, 2)}\n`
}

let server: Server
let base: string
const answers: Record<string, string> = {
  '/good': recorded,
  '/truncated': recorded.slice(0, Math.floor(recorded.length * 0.6)),
  '/ecb-good': recordedRates,
  '/ecb-truncated': recordedRates.slice(0, Math.floor(recordedRates.length * 0.6)),
}
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
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true })
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

/** Runs the script as `npm run data:refresh` does (tsx), against the local server: BIS under `bis`, the ECB under `ecb`. */
function refresh(bis: string, prices: string, ecb = '/ecb-good', rates = ratesCopy()): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/data-refresh.ts', '--prices', prices, '--rates', rates], {
      env: { ...process.env, BIS_API_BASE: `${base}${bis}`, ECB_API_BASE: `${base}${ecb}` },
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
      expect(requested).toContain('/good/data/dataflow/BIS/WS_SPP/1.0/Q.BG+HR+CY+GR+IT+PL+PT+ES+SE+US.N+R.628?startPeriod=2010-Q1&format=csv')
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

describe('npm run data:refresh: the ECB reference rates', () => {
  const rates = (file: string) => exchangeRatesSchema.parse(parseYaml(readFileSync(file, 'utf8')))

  it("writes each currency's latest monthly average with its month and a history entry, and leaves the lek alone", async () => {
    const prices = join(scratch, 'prices-ecb-good.json')
    writeFileSync(prices, older())
    const file = ratesCopy()
    const { code, output } = await refresh('/good', prices, '/ecb-good', file)
    expect(code, output).toBe(0)
    expect(requested).toContain('/ecb-good/data/EXR/M.PLN+SEK+USD.EUR.SP00.A?lastNObservations=1&format=csvdata')
    const after = rates(file)
    const month = new Date().toISOString().slice(0, 7)
    expect(after.rates.USD).toMatchObject({ eurPerUnit: 0.8652, effective: '2026-03', checked: month, source: 'ecb-reference-rates' })
    expect(after.rates.PLN?.eurPerUnit).toBe(0.23411)
    expect(after.rates.SEK?.eurPerUnit).toBe(0.09292)
    expect(after.rates.USD?.note).toMatch(/monthly average for March 2026: 1 EUR = 1\.1558 USD/)
    expect(after.rates.USD?.history?.at(-1)).toMatchObject({
      old: 0.90808,
      new: 0.8652,
      oldSource: 'ecb-reference-rates',
      source: 'ecb-reference-rates',
    })
    expect(after.rates.ALL).toEqual(rates(ratesCopy()).rates.ALL)
    expect(output).toMatch(/Rates changed:\n {2}PLN: 0\.23301 \(2024-08\) → 0\.23411/)

    // The same answer again changes no rate and adds no history.
    const again = await refresh('/good', prices, '/ecb-good', file)
    expect(again.code, again.output).toBe(0)
    expect(again.output).toMatch(/No rate changed/)
    expect(rates(file).rates.USD?.history).toHaveLength(1)
  })

  it('refuses a truncated answer and leaves the rates as they were', async () => {
    const prices = join(scratch, 'prices-ecb-cut.json')
    writeFileSync(prices, older())
    const file = ratesCopy()
    const { code, output } = await refresh('/good', prices, '/ecb-truncated', file)
    expect(code, output).toBe(1)
    expect(output).toMatch(/Refused: the answer (has no rate for|is not complete CSV|line \d+ has)/)
    expect(output).toMatch(/exchange rates in .* stay as they were/)
    expect(readFileSync(file, 'utf8')).toBe(ratesBefore)
  })

  it('refuses an answer older than the rates the file already has', async () => {
    const prices = join(scratch, 'prices-ecb-old.json')
    writeFileSync(prices, older())
    const current = readFileSync('content/key-figures/exchange-rates.yaml', 'utf8')
    const file = ratesCopy(current.replaceAll('effective: 2026-07', 'effective: 2026-10'))
    const before = readFileSync(file, 'utf8')
    const { code, output } = await refresh('/good', prices, '/ecb-good', file)
    expect(code, output).toBe(1)
    expect(output).toMatch(/older than the file's 2026-10/)
    expect(readFileSync(file, 'utf8')).toBe(before)
  })
})
