import { describe, expect, it } from 'vitest'
import { formatDate, formatMoney, formatPercent } from './format'

// Intl separates groups and the sign with no-break spaces; readers see spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('formatMoney', () => {
  it('writes 300,000 euros the way each language of the site does', () => {
    expect(formatMoney(300000, 'en')).toBe('€300,000')
    expect(plain(formatMoney(300000, 'de'))).toBe('300.000 €')
    expect(plain(formatMoney(300000, 'nl'))).toBe('€ 300.000')
    expect(plain(formatMoney(300000, 'fr'))).toBe('300 000 €')
    expect(plain(formatMoney(300000, 'pl'))).toBe('300 000 €')
  })

  it('follows Portugal, not Brazil, for pt', () => {
    expect(plain(formatMoney(300000, 'pt'))).toBe('300 000 €')
  })

  it('keeps cents only when there are some, and takes other currencies', () => {
    expect(formatMoney(1234.5, 'en')).toBe('€1,234.50')
    expect(plain(formatMoney(1234.5, 'de'))).toBe('1.234,50 €')
    expect(formatMoney(250000, 'en', 'USD')).toBe('$250,000')
  })
})

describe('formatPercent', () => {
  it('sets the percent sign apart where the language does, with its decimal separator', () => {
    expect(formatPercent(0.0309, 'en')).toBe('3.09%')
    expect(plain(formatPercent(0.0309, 'de'))).toBe('3,09 %')
    expect(plain(formatPercent(0.1, 'fr'))).toBe('10 %')
    expect(formatPercent(0.1, 'pl')).toBe('10%')
    expect(formatPercent(0.055, 'pt')).toBe('5,5%')
  })
})

describe('formatDate', () => {
  it('writes a content date in UTC, each locale its own way, the same when asked again', () => {
    expect(formatDate('2026-03-01', 'en')).toBe('March 1, 2026')
    expect(formatDate('2026-03-01', 'de')).toBe('1. März 2026')
    expect(formatDate('2026-03-01', 'en')).toBe('March 1, 2026')
    expect(formatDate('2026-03-01T23:30:00Z', 'en')).toBe('March 1, 2026')
    expect(formatDate('2026-03-01', 'el')).toBe('1 Μαρτίου 2026')
  })
})
