import { describe, expect, it } from 'vitest'
import { forCountry, parseAmount, parseCalc } from './input'
import { calcParams } from './params'

const regions = ['Comunidad de Madrid', 'Catalunya']

describe('the calculator’s input', () => {
  it('reads amounts as people type them', () => {
    for (const typed of ['180000', '180 000', '180.000', '180,000', '180’000', '180\u00a0000', ' 180000 '])
      expect(parseAmount(typed, 1e8)).toEqual({ value: 180_000 })
  })

  it('gives each bad value its reason, never an exception', () => {
    expect(parseAmount('', 1e8)).toEqual({ error: 'required' })
    expect(parseAmount('-5', 1e8)).toEqual({ error: 'negative' })
    expect(parseAmount('abc', 1e8)).toEqual({ error: 'number' })
    expect(parseAmount('1e308', 1e8)).toEqual({ error: 'number' })
    expect(parseAmount('12.5', 1e8)).toEqual({ error: 'number' })
    expect(parseAmount('9'.repeat(10_240), 1e8)).toEqual({ error: 'too-large' })
    expect(parseAmount('200000000', 1e8)).toEqual({ error: 'too-large' })
  })

  it('is not submitted without any of its fields, and needs a price when it is', () => {
    expect(parseCalc({}, regions)).toMatchObject({ submitted: false, input: null, errors: {} })
    expect(parseCalc({ rent: '900' }, regions)).toMatchObject({ submitted: true, input: null, errors: { price: 'required' } })
    expect(parseCalc({ price: '0' }, regions).errors).toEqual({ price: 'zero' })
  })

  it('accepts a full form and refuses an unknown region or choice', () => {
    expect(parseCalc({ price: '330000', kind: 'new', main: 'yes', area: '150', rent: '', costs: '' }, regions).input).toEqual({
      price: 330_000,
      kind: 'new',
      region: null,
      resident: false,
      mainHome: true,
      area: 150,
      rent: null,
      costs: null,
    })
    expect(parseCalc({ price: '250000', region: 'Atlantis' }, regions).errors).toEqual({ region: 'unknown-region' })
    expect(parseCalc({ price: '250000', kind: 'castle' }, regions).errors).toEqual({ kind: 'choice' })
    expect(parseCalc({ price: '250000', region: 'Catalunya' }, regions).input?.region).toBe('Catalunya')
  })

  it('keeps only its own fields from the URL, as strings, and shows back at most 40 characters', () => {
    expect(calcParams({ price: 180000, sort: 'x', rent: '900' })).toEqual({ price: '180000', rent: '900' })
    expect(parseCalc({ price: '1'.repeat(10_000) }, regions).values.price).toHaveLength(40)
  })
})

describe('the comparison’s region list', () => {
  it('leaves out another country’s region and refuses one of no country', () => {
    const spain = { figures: { figures: { transferTax: { region: 'Comunidad de Madrid', regions: [{ name: 'Catalunya' }] } } } }
    const greece = { figures: { figures: {} } }
    expect(forCountry({ price: '1', region: 'Catalunya' }, greece, [spain, greece])).toEqual({ price: '1' })
    expect(forCountry({ price: '1', region: 'Atlantis' }, greece, [spain, greece])).toEqual({ price: '1', region: 'Atlantis' })
    expect(forCountry({ price: '1', region: 'Catalunya' }, spain, [spain, greece])).toEqual({ price: '1', region: 'Catalunya' })
  })
})
