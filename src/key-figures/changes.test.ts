import { describe, expect, it } from 'vitest'
import { loadContent } from '../content/load.server'
import type { ContentStore } from '../content/load.server'
import { figureChanges } from './changes'

const { store } = loadContent('content')

describe('the dataset’s changes (issue 37)', () => {
  it('says each change in the page’s language, newest first, with its source and the country’s guide', () => {
    const en = figureChanges(store, 'en', { code: 'PT' }).find((c) => c.text.includes('Rental income tax'))!
    expect(en.text).toBe('Portugal: Rental income tax, non-resident 25% → 10%, from Jan 2026')
    expect(en.date).toBe('2026-11-28')
    expect(en.path).toBe('/en/blog/countries/portugal')
    expect(en.source.url).toMatch(/^https:\/\//)
    const de = figureChanges(store, 'de', { code: 'PT' }).find((c) => c.text.includes('25\u00a0% → 10\u00a0%'))!
    expect(de.text).toMatch(/^Portugal: /)
    expect(figureChanges(store, 'en', { code: 'GR' })).toEqual([])
  })

  it('orders every country’s changes newest first and keeps to the limit', () => {
    const older = structuredClone(store.keyFigures.countries.find((c) => c.country === 'PT')!)
    // Portugal's rental tax change alone, then the same change dated earlier.
    for (const other of Object.values(older.figures)) if (other !== older.figures.rentalTax) delete other.history
    const figure = older.figures.rentalTax!
    figure.history = [{ ...figure.history![0], date: '2026-01-05' }, ...figure.history!]
    const two = { ...store, keyFigures: { ...store.keyFigures, countries: [older] } } as ContentStore
    expect(figureChanges(two, 'en').map((c) => c.date)).toEqual(['2026-11-28', '2026-01-05'])
    expect(figureChanges(two, 'en', { limit: 1 })).toHaveLength(1)
  })
})
