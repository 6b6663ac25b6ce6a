import { describe, expect, it } from 'vitest'
import type { ContentStore } from '../content/load.server'
import { liveStore } from '../content/visibility'
import { calculate, exampleInput } from './calculator/engine'
import { exportRows, toCsv } from './export'
import { loadDataset } from './load.server'
import { countryFiguresSchema, exchangeRatesSchema } from './schema'
import { datasetAt, dayStart } from './temporal'

const { dataset } = loadDataset('content')
const before = Date.parse('2026-12-31T23:59:59Z')
const after = dayStart('2027-01-01')
const greece = (at: number) => datasetAt(dataset, at).dataset.countries.find((c) => c.country === 'GR')!

describe('temporary values give way to their successor on the day they end', () => {
  it('Greece: the VAT and capital gains suspensions apply to 31 December 2026, then 24% and 15%', () => {
    expect(greece(before).figures.capitalGainsTax?.rate).toBe(0)
    expect(greece(before).figures.vatNewBuild?.reduced?.[0].rate).toBe(0)
    const next = greece(after)
    expect(next.figures.capitalGainsTax).toMatchObject({ rate: 15, source: 'flash-2026', effective: '2027-01' })
    expect(next.figures.vatNewBuild?.rate).toBe(24)
    expect(next.figures.vatNewBuild?.reduced).toBeUndefined()
    expect(next.figures.capitalGainsTax?.endsOn).toBeUndefined()
  })

  it('keeps the ended value in the history, with both sources', () => {
    expect(greece(after).figures.capitalGainsTax?.history?.at(-1)).toMatchObject({
      date: '2027-01-01',
      old: { rate: 0 },
      new: { rate: 15 },
      oldSource: 'liberal-cgt',
      source: 'flash-2026',
    })
    // The resolved country is still a valid file.
    expect(countryFiguresSchema.safeParse(greece(after)).success).toBe(true)
  })

  it('the calculator charges 24% VAT on a new build from that day', () => {
    const run = (at: number) =>
      calculate({ code: 'GR', figures: greece(at), rates: dataset.rates }, { ...exampleInput(300_000), kind: 'new' }, 'en').lines.find(
        (l) => l.key === 'vat',
      )
    expect(run(before)?.amount).toBe(0)
    expect(run(after)?.amount).toBeCloseTo(72_000, 6)
  })

  it('puts the successor’s translation in the ended value’s place, so no page prints the old note', () => {
    const notes = datasetAt(dataset, after).dataset.notes
    expect(dataset.notes.de?.['GR.figures.capitalGainsTax']).toBeDefined()
    expect(dataset.notes.de?.['GR.figures.capitalGainsTax.then']).toBeDefined()
    expect(notes.de?.['GR.figures.capitalGainsTax']).toBe(dataset.notes.de?.['GR.figures.capitalGainsTax.then'])
    expect(notes.de?.['GR.figures.capitalGainsTax']).not.toBe(dataset.notes.de?.['GR.figures.capitalGainsTax'])
    expect(notes.de?.['GR.figures.transferTax']).toBe(dataset.notes.de?.['GR.figures.transferTax'])
  })

  it('the downloads give the successor with its earlier value after that day, and the end day before it', () => {
    const row = (at: number) =>
      exportRows(datasetAt(dataset, at).dataset.countries).find((r) => r.country === 'GR' && r.figure === 'capitalGainsTax')!
    expect(row(before)).toMatchObject({ value: '0', endsOn: '2027-01-01', effective: '2025-08', checked: '2026-11' })
    expect(row(before).then).toContain('rate_percent 15')
    expect(row(after)).toMatchObject({ value: '15', endsOn: '', effective: '2027-01' })
    expect(row(after).earlier).toContain('2027-01-01: rate_percent 0 → rate_percent 15')
    expect(toCsv([row(after)])).toContain('earlier')
  })

  it('changes nothing before any end (the same objects, so per-store caches stay), and says when the next change comes', () => {
    const at = datasetAt(dataset, Date.parse('2026-11-28T00:00:00Z'))
    expect(at.dataset).toBe(dataset)
    expect(at.nextChange).toBe(after)
    expect(datasetAt(dataset, after).nextChange).toBeNull()
  })

  it('the live store switches by itself: its next change is the end day, and after it pages read the successor', () => {
    const store = { postsByKey: new Map(), postsByLocale: new Map(), previousSlugs: new Map(), keyFigures: dataset } as unknown as ContentStore
    const now = liveStore(store, Date.parse('2026-12-30T12:00:00Z'))
    expect(now.nextChange).toBe(after)
    expect(now.store).toBe(store)
    const later = liveStore(store, after)
    expect(later.store.keyFigures.countries.find((c) => c.country === 'GR')!.figures.capitalGainsTax?.rate).toBe(15)
  })
})

describe('exchange rates', () => {
  it('keep the lek’s earlier rate with both sources, each listed', () => {
    const all = dataset.rates!.rates.ALL!
    expect(all).toMatchObject({ eurPerUnit: 0.0103788, source: 'noa-lek-2026', checked: '2026-11' })
    expect(all.history?.at(-1)).toMatchObject({ old: 0.0082542, new: 0.0103788, oldSource: 'bank-of-albania' })
    const broken = {
      ...dataset.rates!,
      sources: { 'noa-lek-2026': dataset.rates!.sources['noa-lek-2026'], 'ecb-reference-rates': dataset.rates!.sources['ecb-reference-rates'] },
    }
    expect(exchangeRatesSchema.safeParse(broken).success).toBe(false)
  })
})
