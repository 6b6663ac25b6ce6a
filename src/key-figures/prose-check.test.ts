import { describe, expect, it } from 'vitest'
import { checkProse, endingFigures, staleFigures } from './prose-check'
import { countryFiguresSchema } from './schema'

const greece = countryFiguresSchema.parse({
  country: 'GR',
  currency: 'EUR',
  capital: 'Athens',
  city: 'Thessaloniki',
  sources: { aade: { publisher: 'AADE', title: 'Transfer tax', url: 'https://www.aade.gr/' } },
  figures: {
    transferTax: { rate: 3.09, note: '3% plus a municipal levy of 3% of the tax', source: 'aade', effective: '2014-01', checked: '2026-11' },
    vatNewBuild: {
      rate: 24,
      reduced: [{ rate: 0, note: 'suspended until the end of 2026' }],
      source: 'aade',
      effective: '2025-08',
      checked: '2026-04',
    },
    rentalTax: {
      brackets: [
        { from: 0, rate: 15 },
        { from: 12000, rate: 25 },
        { from: 24000, rate: 35 },
        { from: 35000, rate: 45 },
      ],
      currency: 'EUR',
      source: 'aade',
      effective: '2026-01',
      checked: '2026-05',
    },
  },
  residence: {
    status: 'open',
    thresholds: [
      { amount: 800000, currency: 'EUR', note: 'Attica and the large islands' },
      { amount: 400000, currency: 'EUR', note: 'elsewhere' },
    ],
    source: 'aade',
    effective: '2024-09',
    checked: '2024-09',
  },
})

describe('checkProse', () => {
  it('reports a percentage the dataset holds differently for the item the sentence names, with its line', () => {
    const text = 'Intro line.\n\nTransfer tax on resale property is 3.5% of the price.'
    expect(checkProse(text, greece)).toEqual([expect.objectContaining({ line: 3, item: 'transferTax', found: '3.5%', dataset: '3.09%, 3%' })])
  })

  it('accepts the value, its bands, its reduced rates and the numbers of its note', () => {
    const text = [
      'Transfer tax is 3.09% (3% plus a municipal surcharge).',
      'Rental income is taxed at 15% up to €12,000, then 25%, 35% and 45%.',
      'New homes carry 24% VAT, suspended (0%) for now.',
    ].join('\n')
    expect(checkProse(text, greece)).toEqual([])
  })

  it('leaves out sentences that name two items, and items the dataset does not have', () => {
    expect(checkProse('VAT of 19% replaces the transfer tax of 4%.', greece)).toEqual([])
    expect(checkProse('The notary charges about 1%.', greece)).toEqual([])
  })

  it('checks euro thresholds of residence by investment', () => {
    const findings = checkProse('The golden visa needs €500,000 in Athens, or €400,000 elsewhere.', greece)
    expect(findings.map((f) => f.found)).toEqual(['€500,000'])
  })
})

describe('staleFigures', () => {
  it('lists values last checked more than six months ago, whatever the month they took effect', () => {
    expect(staleFigures([greece], '2026-11-25')).toEqual([
      { country: 'GR', field: 'figures.vatNewBuild', checked: '2026-04' },
      { country: 'GR', field: 'residence', checked: '2024-09' },
    ])
    expect(staleFigures([greece], '2026-08-01')).toEqual([{ country: 'GR', field: 'residence', checked: '2024-09' }])
  })
})

describe('endingFigures', () => {
  const temporary = countryFiguresSchema.parse({
    ...greece,
    figures: {
      ...greece.figures,
      capitalGainsTax: {
        rate: 0,
        source: 'aade',
        effective: '2025-01',
        checked: '2026-11',
        endsOn: '2027-01-01',
        then: { rate: 15, source: 'aade', effective: '2027-01', checked: '2026-11' },
      },
    },
  })

  it('warns from 60 days before a temporary value ends, and after', () => {
    expect(endingFigures([temporary], '2026-11-01')).toEqual([])
    expect(endingFigures([temporary], '2026-11-02')).toEqual([{ country: 'GR', field: 'figures.capitalGainsTax', endsOn: '2027-01-01' }])
    expect(endingFigures([temporary], '2027-02-01')).toHaveLength(1)
  })
})
