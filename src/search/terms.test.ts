import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import { loadContent } from '../content/load.server'
import { locales } from '../paraglide/runtime'
import { plainText, searchDocuments } from './documents.server'
import { fold, hasStemmer, termProcessor, tokenize } from './terms.server'

/** Every call of the real Bulgarian stemmer, and what any of them threw (termProcessor hides it). */
const bulgarian = vi.hoisted(() => ({ calls: 0, thrown: [] as Array<{ word: string; error: string }> }))

vi.mock('@orama/stemmers/bulgarian', async (importOriginal) => {
  const original = await importOriginal<typeof import('@orama/stemmers/bulgarian')>()
  return {
    ...original,
    stemmer: (word: string) => {
      bulgarian.calls++
      try {
        return original.stemmer(word)
      } catch (error) {
        bulgarian.thrown.push({ word: Array.isArray(word) ? word.join('') : String(word), error: String(error) })
        throw error
      }
    },
  }
})

const contentDir = fileURLToPath(new URL('../../content', import.meta.url))
let loaded: ReturnType<typeof loadContent> | undefined
const content = () => (loaded ??= loadContent(contentDir))

describe('fold', () => {
  it.each([
    ['Αθήνα', 'Αθηνα'],
    ['księga', 'ksiega'],
    ['München', 'Munchen'],
    ['ß', 'ss'],
    ['șțăîâ', 'staia'],
    ['łódź', 'lodz'],
    ['Kroatië', 'Kroatie'],
    ['Förvalta kjøpere', 'Forvalta kjopere'],
    ['Daně zahraniční Řecko', 'Dane zahranicni Recko'],
    ['befektetők áfa', 'befektetok afa'],
    ['huéspedes fiscalité proprietà Croácia', 'huespedes fiscalite proprieta Croacia'],
    ['udhëzuesi çfarë', 'udhezuesi cfare'],
    ['đ æ œ', 'd ae oe'],
    ['ακινήτων Ελλάδας', 'ακινητων Ελλαδασ'],
    ['Регистрирайте', 'Регистрираите'],
    ['Португалії', 'Португаліі'],
  ])('%s → %s', (word, folded) => {
    expect(fold(word)).toBe(folded)
  })

  it('folds a decomposed (NFD) word like the composed one', () => {
    expect(fold('München'.normalize('NFD'))).toBe('Munchen')
    expect(fold('Αθήνα'.normalize('NFD'))).toBe('Αθηνα')
  })

  it('leaves letters without marks and digits alone', () => {
    expect(fold('Cyprus 2026 данъци Київ')).toBe('Cyprus 2026 данъци Киів')
    expect(fold('')).toBe('')
  })

  // The letters without a separable mark are replaced in both cases.
  it('Łódź → Lodz (capital Ł)', () => {
    expect(fold('Łódź')).toBe('Lodz')
  })

  it('does fold a capital Ł once the word is lower-cased, as termProcessor does', () => {
    expect(termProcessor('pl')('Łódź')).toEqual(['lodz'])
    expect(termProcessor('no')('Øresund')[termProcessor('no')('Øresund').length - 1]).toBe('oresund')
  })
})

describe('tokenize', () => {
  it('splits on punctuation, apostrophes, hyphens and spaces', () => {
    expect(tokenize("Hello, world! l'euro 2026-ban step-by-step (VAT) «prix» „Preis“")).toEqual([
      'Hello',
      'world',
      'l',
      'euro',
      '2026',
      'ban',
      'step',
      'by',
      'step',
      'VAT',
      'prix',
      'Preis',
    ])
    expect(tokenize('a.b,c;d:e/f\\g|h*i#j_k')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'])
  })

  it('keeps letters and digits of every script', () => {
    expect(tokenize('Αθήνα — Київ, данъци; księga München Łódź şţ 東京 ١٢٣ 0.86%')).toEqual([
      'Αθήνα',
      'Київ',
      'данъци',
      'księga',
      'München',
      'Łódź',
      'şţ',
      '東京',
      '١٢٣',
      '0',
      '86',
    ])
  })

  it('finds no word in punctuation, symbols or white space', () => {
    expect(tokenize('')).toEqual([])
    expect(tokenize('  \t\n ?!.,;:—…"\'()[]{}*#|-_ € $ + = ')).toEqual([])
  })

  // A word typed or pasted decomposed stays one word.
  it('keeps a decomposed (NFD) word whole', () => {
    expect(tokenize('München'.normalize('NFD')).map(fold)).toEqual(['Munchen'])
  })
})

describe('hasStemmer', () => {
  it('is false for Polish and Albanian only', () => {
    expect(locales.filter((locale) => !hasStemmer(locale))).toEqual(['pl', 'sq'])
  })
})

describe('termProcessor', () => {
  it('lower-cases in the language rules and folds', () => {
    expect(termProcessor('pl')('KSIĘGA')).toEqual(['ksiega'])
    expect(termProcessor('sq')('Pronës')).toEqual(['prones'])
    expect(termProcessor('el')('ΌΡΟΣ')).toEqual(termProcessor('el')('όρος'))
    expect(termProcessor('de')('STEUERN')).toEqual(termProcessor('de')('Steuern'))
  })

  it('gives the stem first and the whole word after it when they differ', () => {
    expect(termProcessor('en')('Buying')).toEqual(['bui', 'buying'])
    expect(termProcessor('de')('Steuern')).toEqual(['steu', 'steuern'])
    expect(termProcessor('en')('tax')).toEqual(['tax'])
    // Words of one or two letters are not stemmed.
    expect(termProcessor('en')('as')).toEqual(['as'])
  })

  it('gives inflected forms a shared term', () => {
    const shared = (locale: Parameters<typeof termProcessor>[0], a: string, b: string) => {
      const terms = termProcessor(locale)
      return terms(a).filter((t) => terms(b).includes(t))
    }
    expect(shared('bg', 'данъци', 'данъка')).toEqual(['данък'])
    expect(shared('de', 'Steuern', 'Steuer')).toEqual(['steu'])
    expect(shared('el', 'ακινήτων', 'ακίνητα')).toEqual(['ακινητ'])
    expect(shared('cs', 'daních', 'Daně')).toEqual(['dan'])
    expect(shared('uk', 'податки', 'податків')).toEqual(['податк'])
    expect(shared('fi', 'Kyprokselta', 'Kyprokselle')).toEqual(['kyproks'])
    // Without a stemmer, two forms have no term in common: the engine matches them fuzzily.
    expect(shared('pl', 'podatki', 'podatku')).toEqual([])
  })

  it('turns "данъци" and "данъка" into the same stem: the Bulgarian stemmer gets a writable word', () => {
    const bg = termProcessor('bg')
    expect(bg('данъци')[0]).toBe(bg('данъка')[0])
    expect(bg('данъци')).toEqual(['данък', 'данъци'])
  })

  it('runs the Bulgarian stemmer without an error on every word of the Bulgarian content', () => {
    const { store, issues } = content()
    expect(issues).toEqual([])
    const texts = searchDocuments(store, 'bg').flatMap((d) => [d.title, d.summary, d.country ?? '', d.text])
    for (const post of store.postsByLocale.get('bg') ?? []) texts.push(post.meta, ...post.metaKeywords)
    for (const versions of store.guides.values()) {
      const guide = versions.get('bg')
      if (guide) texts.push(guide.description, guide.body ? plainText(guide.body) : '')
    }
    const words = new Set(texts.flatMap(tokenize))
    expect(words.size).toBeGreaterThan(1000)
    const bg = termProcessor('bg')
    const before = bulgarian.calls
    let stemmed = 0
    for (const word of words) {
      const terms = bg(word)
      expect(terms.every((t) => t.length > 0)).toBe(true)
      if (terms.length === 2) stemmed++
    }
    expect(bulgarian.calls - before).toBeGreaterThan(0)
    expect(bulgarian.thrown).toEqual([])
    expect(stemmed).toBeGreaterThan(words.size / 4)
  })

  it.each([...locales])('gives every word of the %s content non-empty terms, the whole folded word last', (locale) => {
    const { store } = content()
    const terms = termProcessor(locale)
    const words = new Set(searchDocuments(store, locale).flatMap((d) => tokenize(`${d.title} ${d.summary} ${d.text}`)))
    for (const word of words) {
      const result = terms(word)
      expect(result.length === 1 || result.length === 2).toBe(true)
      expect(result.every((t) => t.length > 0)).toBe(true)
      expect(result[result.length - 1]).toBe(fold(word.toLocaleLowerCase(locale)))
      if (!hasStemmer(locale)) expect(result).toHaveLength(1)
    }
  })

  it('returns the same terms for the same word (memoized)', () => {
    const terms = termProcessor('fr')
    expect(terms('expliquées')).toBe(terms('expliquées'))
    expect(terms('expliquées')).toEqual(terms('Expliquées'))
  })
})
