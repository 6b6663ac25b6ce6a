import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse as parseCsv } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../content/load.server'
import { guideCountries } from '../content/countries'
import { figureCells, sourceList, valueText, type CellContext } from './cells'
import { EXAMPLE_PRICE_EUR, oneOffCosts } from './costs'
import { exportRows, toCsv, toJson } from './export'
import { loadDataset } from './load.server'
import { bandedTax } from './money'
import { sortRows, validateCompareSearch } from './sort'
import { translatableTexts } from './texts'
import { comparisonModel } from './comparison.server'

const { dataset, issues } = loadDataset('content')
const { store } = loadContent('content')

describe('the dataset in content/key-figures', () => {
  it('loads without problems and covers the 11 guide countries', () => {
    expect(issues).toEqual([])
    expect(dataset.countries.map((c) => c.country).sort()).toEqual([...guideCountries].sort())
  })

  it('gives every value an https source and a month', () => {
    for (const row of exportRows(dataset.countries)) {
      expect(row.sourceUrl, `${row.country} ${row.figure}`).toMatch(/^https:\/\//)
      expect(row.effective).toMatch(/^\d{4}-\d{2}$/)
      expect(row.checked).toMatch(/^\d{4}-\d{2}$/)
    }
  })
})

describe('a bad dataset file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kf-'))
  mkdirSync(join(dir, 'key-figures'))
  const good = readFileSync('content/key-figures/gr.yaml', 'utf8')

  it('is refused with its file and field named', () => {
    writeFileSync(join(dir, 'key-figures', 'gr.yaml'), good.replace(/rate: 3\.09/, 'rate: -3.09'))
    const result = loadDataset(dir)
    expect(result.dataset.countries).toEqual([])
    expect(result.issues).toEqual([
      expect.objectContaining({ file: expect.stringContaining('gr.yaml'), field: 'figures.transferTax.rate', message: 'a rate cannot be negative' }),
    ])
  })

  it('names a source that is not listed, and a file named for another country', () => {
    writeFileSync(join(dir, 'key-figures', 'gr.yaml'), good.replace(/source: (\S+)\n/, 'source: nowhere\n'))
    expect(loadDataset(dir).issues.map((i) => i.message)).toContain('no source "nowhere" in sources')
    writeFileSync(join(dir, 'key-figures', 'gr.yaml'), good)
    writeFileSync(join(dir, 'key-figures', 'cy.yaml'), good)
    expect(loadDataset(dir).issues).toEqual([expect.objectContaining({ field: 'country', message: 'the file for GR is named gr.yaml' })])
  })
})

describe('money and costs', () => {
  it('applies marginal bands', () => {
    const bands = [
      { from: 0, rate: 3 },
      { from: 85_000, rate: 5 },
      { from: 170_000, rate: 8 },
    ]
    expect(bandedTax(50_000, bands)).toBe(1_500)
    expect(bandedTax(250_000, bands)).toBeCloseTo(2_550 + 4_250 + 6_400)
  })

  it('adds up the lines of every country, none negative, rising with the price', () => {
    for (const country of dataset.countries) {
      const costs = oneOffCosts(country, EXAMPLE_PRICE_EUR, dataset.rates)
      expect(costs.totalEur).toBeCloseTo(costs.lines.reduce((s, l) => s + l.amountEur, 0))
      for (const line of costs.lines) expect(line.amountEur).toBeGreaterThanOrEqual(0)
      expect(oneOffCosts(country, 400_000, dataset.rates).totalEur).toBeGreaterThanOrEqual(costs.totalEur)
    }
  })
})

describe('cells', () => {
  const ctx = (locale: CellContext['locale']): CellContext => ({ locale, rates: dataset.rates, notes: dataset.notes, cite: sourceList().cite })

  it('formats values in the locale', () => {
    expect(valueText({ rate: 3.09 }, 'de', 'EUR')).toBe('3,09\u00a0%')
    expect(valueText({ rate: 3.09 }, 'en', 'EUR')).toBe('3.09%')
    expect(valueText({ amount: 250_000, currency: 'EUR' }, 'en', 'EUR')).toBe('€250,000')
    expect(valueText({ amount: 250_000, currency: 'EUR' }, 'fr', 'EUR')).toBe('250\u202f000\u00a0€')
    expect(valueText({ rateRange: [4, 6] }, 'de', 'EUR')).toBe('4–6\u00a0%')
  })

  it('says "not available" for a figure the dataset does not have, and numbers sources in citing order', () => {
    const greece = dataset.countries.find((c) => c.country === 'GR')!
    const list = sourceList()
    const cells = figureCells(
      { ...ctx('en'), cite: list.cite },
      { ...greece, figures: { transferTax: greece.figures.transferTax } } as typeof greece,
      ['notary', 'transferTax'],
    )
    expect(cells[0]).toMatchObject({ key: 'notary', text: null, source: null })
    expect(cells[1]).toMatchObject({ key: 'transferTax', text: '3.09%', source: 1, checked: expect.any(String) })
    expect(list.notes).toHaveLength(1)
  })

  it('prints a price per m² to the nearest €10, as its source supports; the download keeps the source’s value', () => {
    const spain = dataset.countries.find((c) => c.country === 'ES')!
    const figure = { ...spain.figures.pricePerM2!, amount: 5033.9, amountRange: undefined, currency: 'EUR' as const }
    const [cell] = figureCells(ctx('en'), { ...spain, figures: { pricePerM2: figure } } as typeof spain, ['pricePerM2'])
    expect(cell.text).toBe('€5,030')
    const [de] = figureCells(
      ctx('de'),
      { ...spain, figures: { pricePerM2: { ...figure, amount: undefined, amountRange: [1234, 2345] as [number, number] } } } as typeof spain,
      ['pricePerM2'],
    )
    expect(de.text).toBe('1.230–2.350\u00a0€')
    expect(exportRows([{ ...spain, figures: { pricePerM2: figure } } as typeof spain]).some((r) => r.value === '5033.9')).toBe(true)
  })

  it('prints an amount per m² as such, leaves it out of sorting, and names the form in the download', () => {
    const greece = dataset.countries.find((c) => c.country === 'GR')!
    const enfia = greece.figures.propertyTax!
    expect(enfia.perM2).toBe(true)
    const [en] = figureCells(ctx('en'), greece, ['propertyTax'])
    expect(en.text).toMatch(/^€2\s?–\s?€16 per m²$/)
    expect(en.sort).toBeNull()
    const [el] = figureCells(ctx('el'), greece, ['propertyTax'])
    expect(el.text).toMatch(/^2\s?–\s?16\s€ ανά m²$/)
    expect(exportRows([greece]).find((r) => r.figure === 'propertyTax')).toMatchObject({ form: 'amount_range_per_m2', value: '2-16' })
    expect(valueText({ rate: 0.5, perM2: true }, 'en', 'EUR')).toBe('0.5%')
  })

  it('prints a residence route open to any owner as having no minimum price, not "from €0"', () => {
    const albania = dataset.countries.find((c) => c.country === 'AL')!
    const residence = {
      status: 'open' as const,
      thresholds: [{ amount: 0, currency: 'EUR' as const, note: 'Owning a habitable property' }],
      source: Object.keys(albania.sources)[0],
      effective: '2021-09',
      checked: '2026-11',
    }
    const [cell] = figureCells(ctx('en'), { ...albania, residence }, ['residence'])
    expect(cell.text).toBe('owning property, no minimum price')
    expect(cell.details).toEqual(['Owning a habitable property'])
    expect(cell.text).not.toMatch(/€\s?0|0\s?€/)
  })
})

describe('amounts in another currency (issue 38)', () => {
  const ctx = (locale: CellContext['locale']): CellContext => ({ locale, rates: dataset.rates, notes: dataset.notes, cite: sourceList().cite })
  it('print their euro equivalent at the dataset’s rate, rounded to the euro', () => {
    const poland = dataset.countries.find((c) => c.country === 'PL')!
    const pln = dataset.rates!.rates.PLN!.eurPerUnit
    const [registry] = figureCells(ctx('en'), poland, ['registry'])
    expect(registry.text).toMatch(/200/)
    expect(registry.details).toContain(`about €${Math.round(200 * pln)}`)
    const [de] = figureCells(ctx('de'), poland, ['registry'])
    expect(de.details).toContain(`etwa ${Math.round(200 * pln)}\u00a0€`)
    // A rate has none, nor an amount already in euros.
    const greece = dataset.countries.find((c) => c.country === 'GR')!
    expect(figureCells(ctx('en'), greece, ['transferTax'])[0].details.join(' ')).not.toContain('about')
  })
})

describe('sorting', () => {
  it('reads the URL leniently and keeps countries without the figure last', () => {
    expect(validateCompareSearch({ sort: 'transferTax', dir: 'desc', map: 'nope' })).toEqual({ sort: 'transferTax', dir: 'desc' })
    expect(validateCompareSearch({ sort: '<script>', dir: 1 })).toEqual({})
    const rows = comparisonModel(store, 'en').rows
    for (const dir of ['asc', 'desc'] as const) {
      const sorted = sortRows(rows, 'transferTax', dir)
      const values = sorted.map((r) => r.sort.transferTax ?? null)
      const known = values.filter((v) => v !== null)
      expect(values.slice(0, known.length)).toEqual(known)
      expect(known).toEqual([...known].sort((a, b) => (dir === 'asc' ? a - b : b - a)))
    }
  })
})

describe('region and state names (issue 38)', () => {
  it('every locale gives every name (a new region without its translations fails here)', () => {
    const keys = dataset.countries.flatMap((c) => [...translatableTexts(c).keys()]).filter((k) => k.includes('.regions.'))
    expect(keys.length).toBeGreaterThanOrEqual(9)
    for (const [locale, notes] of Object.entries(dataset.notes)) for (const key of keys) expect(notes?.[key], `${locale} ${key}`).toBeTruthy()
  })
})

describe('downloads', () => {
  it('CSV and JSON parse and hold 11 countries with a source for every value', () => {
    const csv = parseCsv(toCsv(exportRows(dataset.countries)), { columns: true }) as Array<Record<string, string>>
    expect(new Set(csv.map((r) => r.country)).size).toBe(11)
    for (const r of csv) expect(r.sourceUrl).toMatch(/^https:\/\//)
    const json = JSON.parse(JSON.stringify(toJson(dataset.countries, dataset.rates)))
    expect(json.countries).toHaveLength(11)
  })
})

describe('the map’s shades (issue 38)', () => {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const contrast = (a: string, b: string) => {
    const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x)
    return (high + 0.05) / (low + 0.05)
  }
  it('are three, each at least 3:1 from the next in light and in dark', () => {
    const css = readFileSync('src/styles.css', 'utf8')
    const shades = [...css.matchAll(/--seq-(\d): light-dark\((#[0-9a-f]{6}), (#[0-9a-f]{6})\)/g)].map((m) => ({ light: m[2], dark: m[3] }))
    expect(shades).toHaveLength(3)
    for (const scheme of ['light', 'dark'] as const) {
      for (let i = 1; i < shades.length; i++) expect(contrast(shades[i - 1][scheme], shades[i][scheme]), `${scheme} ${i}`).toBeGreaterThanOrEqual(3)
    }
  })
})
