/**
 * How words become index terms, per language (issue 14, decision 014): lower case in the
 * language's rules, stemmed where a maintained stemmer exists (@orama/stemmers for 15 of our
 * languages, the Snowball port in snowball-stemmers for Czech; none for Polish and Albanian, which
 * rely on fuzzy and prefix matching), then folded: diacritics removed, so "Αθηνα" meets "Αθήνα",
 * "ksiega" meets "księga" and "Munchen" meets "München". Pure; see terms.test.ts.
 */
import { stemmer as bg } from '@orama/stemmers/bulgarian'
import { stemmer as de } from '@orama/stemmers/german'
import { stemmer as el } from '@orama/stemmers/greek'
import { stemmer as en } from '@orama/stemmers/english'
import { stemmer as es } from '@orama/stemmers/spanish'
import { stemmer as fi } from '@orama/stemmers/finnish'
import { stemmer as fr } from '@orama/stemmers/french'
import { stemmer as hu } from '@orama/stemmers/hungarian'
import { stemmer as it } from '@orama/stemmers/italian'
import { stemmer as nl } from '@orama/stemmers/dutch'
import { stemmer as no } from '@orama/stemmers/norwegian'
import { stemmer as pt } from '@orama/stemmers/portuguese'
import { stemmer as ro } from '@orama/stemmers/romanian'
import { stemmer as sv } from '@orama/stemmers/swedish'
import { stemmer as uk } from '@orama/stemmers/ukrainian'
import * as snowballModule from 'snowball-stemmers'
import type { Locale } from '../paraglide/runtime'

type Stem = (word: string) => string

// The Bulgarian stemmer writes into the word it is given by index, which a string does not allow
// (a TypeError on "данъци"): it gets the word as an array of letters with the one method it reads.
const bulgarian: Stem = (word) => {
  const letters = Object.assign([...word], { substring: (from: number, to: number) => letters.slice(from, to).join('') })
  return bg(letters as unknown as string)
}
// A CommonJS module marked __esModule: Node's ESM loader gives its exports as the default, a
// CommonJS loader (tsx, vitest) as the namespace.
const snowball = snowballModule.newStemmer ? (snowballModule as unknown as typeof snowballModule.default) : snowballModule.default
const czech = snowball.newStemmer('czech')

const stemmers: Record<Locale, Stem | null> = {
  en,
  de,
  es,
  fr,
  it,
  pt,
  nl,
  sv,
  no,
  fi,
  hu,
  ro,
  el,
  uk,
  bg: bulgarian,
  cs: (word) => czech.stem(word),
  pl: null,
  sq: null,
}

/** Whether a language's terms are stemmed; the others get fuzzy matching. */
export const hasStemmer = (locale: Locale) => stemmers[locale] !== null

/** Letters without their marks, and the few letters that carry no separable mark. */
export function fold(word: string) {
  return word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(
      /[łđøßæœςŁĐØÆŒ]/g,
      (c) => ({ ł: 'l', đ: 'd', ø: 'o', ß: 'ss', æ: 'ae', œ: 'oe', ς: 'σ', Ł: 'L', Đ: 'D', Ø: 'O', Æ: 'AE', Œ: 'OE' })[c] ?? c,
    )
}

/**
 * The words of a text: runs of letters, their combining marks and digits (apostrophes and hyphens
 * split). Text is composed (NFC) first, as the index's text is, so "München" typed with a
 * combining diaeresis is still one word.
 */
export const wordPattern = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu
export const tokenize = (text: string) => text.normalize('NFC').match(wordPattern) ?? []

/**
 * A word's terms: its folded stem and, when they differ, the folded whole word (so that a prefix
 * typed so far, "buyin", still reaches "buying" whose stem is "bui"). Memoized per language: an
 * archive has far fewer distinct words than words.
 */
export function termProcessor(locale: Locale) {
  const stem = stemmers[locale]
  const memo = new Map<string, string[]>()
  return (word: string): string[] => {
    let terms = memo.get(word)
    if (!terms) {
      const lower = word.toLocaleLowerCase(locale)
      const whole = fold(lower)
      let stemmed = whole
      if (stem && lower.length > 2) {
        try {
          stemmed = fold(stem(lower)) || whole
        } catch {
          stemmed = whole
        }
      }
      terms = stemmed === whole ? [whole] : [stemmed, whole]
      if (memo.size < 500_000) memo.set(word, terms)
    }
    return terms
  }
}
