import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { priceChangesChart, priceChart, quarterLabel } from './price-chart'
import { formatPriceSnapshot, latestChange, parsePriceSnapshot, priceCountries, PRICES_FILE, type PriceSnapshot } from './prices'

const file = `content/key-figures/${PRICES_FILE}`
const text = readFileSync(file, 'utf8')
const snapshot = parsePriceSnapshot(text, file).snapshot as PriceSnapshot

describe('the BIS price snapshot', () => {
  it('is valid, dated, and has every covered guide country through 2025 or later', () => {
    expect(parsePriceSnapshot(text, file).issues).toEqual([])
    expect(snapshot.retrieved).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(snapshot.notCovered).toEqual(['AL'])
    for (const code of priceCountries) {
      expect(snapshot.countries[code].nominal.observations.at(-1)?.[0] ?? '').toMatch(/^20(2[5-9]|[3-9]\d)-Q/)
      expect(snapshot.countries[code].real.observations.at(-1)?.[0] ?? '').toMatch(/^20(2[5-9]|[3-9]\d)-Q/)
    }
  })

  it('is written the way formatPriceSnapshot writes it', () => {
    expect(formatPriceSnapshot(snapshot)).toBe(text)
  })

  it('refuses a series with a missing quarter, naming where', () => {
    const broken = structuredClone(snapshot)
    broken.countries.ES.real.observations.splice(10, 1)
    const { snapshot: parsed, issues } = parsePriceSnapshot(JSON.stringify(broken), 'x.json')
    expect(parsed).toBeNull()
    expect(issues[0]).toMatchObject({ file: 'x.json', field: 'countries.ES.real.observations.10' })
    expect(issues[0].message).toMatch(/missing/)
  })

  it('refuses a snapshot without a country, a truncated file and a rebased index', () => {
    const missing = structuredClone(snapshot) as { countries: Partial<PriceSnapshot['countries']> }
    delete missing.countries.SE
    expect(parsePriceSnapshot(JSON.stringify(missing), 'x').snapshot).toBeNull()
    expect(parsePriceSnapshot(text.slice(0, text.length / 2), 'x').issues[0].message).toMatch(/not valid JSON/)
    expect(parsePriceSnapshot(JSON.stringify({ ...snapshot, unit: 'Index, 2020 = 100' }), 'x').snapshot).toBeNull()
  })

  it('computes the change over four quarters, and none over a gap', () => {
    const change = latestChange([
      ['2024-Q4', 100],
      ['2025-Q1', 101],
      ['2025-Q2', 102],
      ['2025-Q3', 103],
      ['2025-Q4', 105],
    ])
    expect(change?.quarter).toBe('2025-Q4')
    expect(change?.change).toBeCloseTo(0.05, 10)
    expect(
      latestChange([
        ['2024-Q3', 100],
        ['2025-Q1', 101],
        ['2025-Q2', 102],
        ['2025-Q3', 103],
        ['2025-Q4', 105],
      ]),
    ).toBeNull()
  })
})

describe('the price charts', () => {
  it('draws both lines from 2010 and writes the latest change out', () => {
    const chart = priceChart(snapshot, 'ES', 'en')
    expect(chart.lines).toHaveLength(2)
    expect(chart.lines[0].d.startsWith('M30 ')).toBe(true)
    expect(chart.xTicks.map((t) => t.label)).toEqual(['2010', '2015', '2020', '2025'])
    expect(chart.latest).toMatch(/^Year-on-year change \(Q4 2025\): nominal \+\d+\.\d%, real \+\d+\.\d%\.$/)
    expect(chart.table.rows[0][0]).toBe('Q4 2025')
    expect(chart.table.rows).toHaveLength(64)
  })

  it('writes quarters the way each language does', () => {
    expect(quarterLabel('2025-Q4', 'de')).toBe('4. Quartal 2025')
    expect(quarterLabel('2025-Q4', 'pl')).toBe('IV kw. 2025')
    expect(quarterLabel('2025-Q1', 'el')).toBe('1ο τρίμηνο 2025')
  })

  it('compares the countries and says which one BIS does not cover', () => {
    const chart = priceChangesChart(snapshot, [...priceCountries.map((code) => ({ code, name: code })), { code: 'AL', name: 'Albania' }], 'en')
    expect(chart.rows).toHaveLength(11)
    expect(chart.rows.at(-1)).toMatchObject({ label: 'Albania', value: 'not covered by BIS', bars: [] })
    expect(chart.rows.slice(0, 10).every((r) => r.bars.length === 2)).toBe(true)
  })
})
