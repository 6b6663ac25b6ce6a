import { describe, expect, it } from 'vitest'
import { SEARCH } from '../config/constants'
import { normalizeQuery } from './query'

const max = SEARCH.maxQueryLength
/** Whether a string has a surrogate that is not half of a pair (with /u a pair is one code point). */
const hasLoneSurrogate = (text: string) => /[\uD800-\uDFFF]/u.test(text)

describe('normalizeQuery', () => {
  it('keeps an ordinary query as it is', () => {
    expect(normalizeQuery('Golden Visa Αθήνα')).toEqual({ query: 'Golden Visa Αθήνα', shortened: false })
    expect(normalizeQuery('')).toEqual({ query: '', shortened: false })
  })

  it('trims and collapses white space, non-breaking spaces included', () => {
    expect(normalizeQuery('   buying   property\t\tin\n\nSpain  ')).toEqual({ query: 'buying property in Spain', shortened: false })
    expect(normalizeQuery('a\u00A0\u00A0b\u2003c\u3000d')).toEqual({ query: 'a b c d', shortened: false })
    expect(normalizeQuery(' \t\n ')).toEqual({ query: '', shortened: false })
  })

  it('makes control characters and line/paragraph separators a space, and drops format characters (Cf), which join', () => {
    expect(normalizeQuery('Cyprus\u0000\u0007\u001B\u007F\u0085').query).toBe('Cyprus')
    expect(normalizeQuery('a\u0000b').query).toBe('a b')
    // A soft hyphen or a zero-width joiner inside a pasted word leaves the word whole.
    expect(normalizeQuery('a\u200Bb\u200Ec\u200Fd\u2060e\uFEFFf\u00ADg').query).toBe('abcdefg')
    expect(normalizeQuery('Immobilien\u00ADkäufer').query).toBe('Immobilienkäufer')
    expect(normalizeQuery('line\u2028break\u2029para').query).toBe('line break para')
    expect(normalizeQuery('\u0000\u0001\u0002\u200B\uFEFF')).toEqual({ query: '', shortened: false })
    const query = normalizeQuery('\u0000x\u0009y\u000Az\u009F').query
    expect(query).not.toMatch(/[\p{Cc}\p{Cf}\u2028\u2029]/u)
  })

  it('replaces unpaired surrogates with U+FFFD and keeps pairs (emoji)', () => {
    expect(normalizeQuery('\uD800').query).toBe('\uFFFD')
    expect(normalizeQuery('a\uDC00b').query).toBe('a\uFFFDb')
    expect(normalizeQuery('Cyprus\uD83D').query).toBe('Cyprus\uFFFD')
    // A low surrogate before a high one is no pair: both go.
    expect(normalizeQuery('\uDE00\uD83D').query).toBe('\uFFFD\uFFFD')
    expect(normalizeQuery('😀 Cyprus 🇨🇾').query).toBe('😀 Cyprus 🇨🇾')
    expect(normalizeQuery('\uD83D\uDE00').query).toBe('😀')
    for (const raw of ['\uD800\uD800\uDC00', '\uDBFF', 'x\uDFFFy\uD800']) expect(hasLoneSurrogate(normalizeQuery(raw).query)).toBe(false)
  })

  it(`keeps a query of ${max} characters whole`, () => {
    expect(normalizeQuery('a'.repeat(max))).toEqual({ query: 'a'.repeat(max), shortened: false })
    expect(normalizeQuery('😀'.repeat(max))).toEqual({ query: '😀'.repeat(max), shortened: false })
  })

  it(`cuts a longer query to SEARCH.maxQueryLength (${max}) characters and says so`, () => {
    expect(normalizeQuery('a'.repeat(max + 1))).toEqual({ query: 'a'.repeat(max), shortened: true })
    expect(normalizeQuery('a'.repeat(10_000))).toEqual({ query: 'a'.repeat(max), shortened: true })
    // Characters, not UTF-16 units: an emoji counts once and is never cut in half.
    const emoji = normalizeQuery('😀'.repeat(max + 1))
    expect(emoji).toEqual({ query: '😀'.repeat(max), shortened: true })
    const edge = normalizeQuery('a'.repeat(max - 1) + '😀😀')
    expect(edge).toEqual({ query: 'a'.repeat(max - 1) + '😀', shortened: true })
    expect(hasLoneSurrogate(edge.query)).toBe(false)
  })

  it('does not end a cut query with a space', () => {
    const { query, shortened } = normalizeQuery('ab '.repeat(max))
    expect(shortened).toBe(true)
    expect(query).toBe(query.trim())
    expect(Array.from(query).length).toBeLessThanOrEqual(max)
    expect(query.startsWith('ab ab ab')).toBe(true)
  })

  it('counts the length after cleaning: spaces and control characters that go do not shorten', () => {
    const padded = `${' '.repeat(300)}Cyprus${'\u0000'.repeat(300)}`
    expect(normalizeQuery(padded)).toEqual({ query: 'Cyprus', shortened: false })
  })

  it(`reads at most ${max * 4} UTF-16 units of a huge input, and says it was shortened`, () => {
    const huge = ' '.repeat(max * 4) + 'Cyprus'
    expect(normalizeQuery(huge)).toEqual({ query: '', shortened: true })
    // A pair cut in half by that first cut leaves no lone surrogate.
    const odd = normalizeQuery('a' + '😀'.repeat(max * 2))
    expect(odd.shortened).toBe(true)
    expect(Array.from(odd.query)).toHaveLength(max)
    expect(hasLoneSurrogate(odd.query)).toBe(false)
  })

  it('takes the first value of an array (a repeated ?q= parameter)', () => {
    expect(normalizeQuery(['  Cyprus ', 'Spain'])).toEqual({ query: 'Cyprus', shortened: false })
    expect(normalizeQuery([42])).toEqual({ query: '42', shortened: false })
    expect(normalizeQuery([])).toEqual({ query: '', shortened: false })
    expect(normalizeQuery([null])).toEqual({ query: '', shortened: false })
    expect(normalizeQuery([undefined, 'x'])).toEqual({ query: '', shortened: false })
  })

  it('treats any other non-string input as an empty query', () => {
    for (const raw of [undefined, null, 42, 0, Number.NaN, true, {}, { q: 'Cyprus' }, () => 'Cyprus', Symbol('q'), 10n]) {
      expect(normalizeQuery(raw)).toEqual({ query: '', shortened: false })
    }
  })

  it('returns a query that normalizes to itself', () => {
    for (const raw of ['  a  b ', 'x\u0000y', '\uD800z', 'ab '.repeat(max), '😀'.repeat(max + 3)]) {
      const { query } = normalizeQuery(raw)
      expect(normalizeQuery(query)).toEqual({ query, shortened: false })
    }
  })
})
