import { describe, expect, it } from 'vitest'
import { m } from '../paraglide/messages'
import type { Locale } from '../paraglide/runtime'

// The search pages pass the count as a string; the plural rules must read it as a number.
const results = (count: number, locale: Locale) => m.search_results_count({ count: String(count) }, { locale })

describe('plural forms of the UI messages', () => {
  it.each<[Locale, Record<number, string>]>([
    ['en', { 1: '1 result', 2: '2 results', 5: '5 results', 22: '22 results' }],
    ['pl', { 1: '1 wynik', 3: '3 wyniki', 5: '5 wyników', 22: '22 wyniki' }],
    ['cs', { 1: '1 výsledek', 3: '3 výsledky', 5: '5 výsledků', 22: '22 výsledků' }],
    ['uk', { 1: '1 результат', 3: '3 результати', 5: '5 результатів', 22: '22 результати' }],
    ['bg', { 1: '1 резултат', 3: '3 резултата', 5: '5 резултата', 22: '22 резултата' }],
  ])('a search result count reads right in %s', (locale, expected) => {
    for (const [count, text] of Object.entries(expected)) expect(results(Number(count), locale)).toBe(text)
  })

  it('says how long a post takes to read with the noun the number asks for', () => {
    expect(m.post_reading_time({ minutes: 1 }, { locale: 'en' })).toBe('1 min read')
    expect(m.post_reading_time({ minutes: 2 }, { locale: 'pl' })).toBe('2 minuty czytania')
    expect(m.post_reading_time({ minutes: 5 }, { locale: 'pl' })).toBe('5 minut czytania')
    expect(m.post_reading_time({ minutes: 1 }, { locale: 'de' })).toBe('1 Minute Lesezeit')
    expect(m.post_reading_time({ minutes: 7 }, { locale: 'de' })).toBe('7 Minuten Lesezeit')
  })

  it('names the length a search was shortened to', () => {
    expect(m.search_shortened({ max: '200' }, { locale: 'en' })).toBe('Your search was shortened to its first 200 characters.')
    expect(m.search_shortened({ max: '200' }, { locale: 'cs' })).toBe('Váš dotaz byl zkrácen na prvních 200 znaků.')
  })
})
