/** Each language's quotation marks and apostrophes, and the problems with them in a line of prose. */
import { languageNames, nbsp, space, type Found, type Locale } from './shared'

type Pair = readonly [open: string, close: string]

/**
 * Each language's quotation marks: the primary pair, and the secondary one for a quotation inside a
 * quotation. Typographic convention has no Intl API, so this table is the one source.
 */
const quotationMarks: Record<Locale, { primary: Pair; secondary: Pair }> = {
  en: { primary: ['“', '”'], secondary: ['‘', '’'] },
  nl: { primary: ['“', '”'], secondary: ['‘', '’'] },
  de: { primary: ['„', '“'], secondary: ['‚', '‘'] },
  cs: { primary: ['„', '“'], secondary: ['‚', '‘'] },
  bg: { primary: ['„', '“'], secondary: ['‚', '‘'] },
  pl: { primary: ['„', '”'], secondary: ['«', '»'] },
  ro: { primary: ['„', '”'], secondary: ['«', '»'] },
  hu: { primary: ['„', '”'], secondary: ['»', '«'] },
  fr: { primary: ['«', '»'], secondary: ['“', '”'] },
  es: { primary: ['«', '»'], secondary: ['“', '”'] },
  pt: { primary: ['«', '»'], secondary: ['“', '”'] },
  it: { primary: ['«', '»'], secondary: ['“', '”'] },
  el: { primary: ['«', '»'], secondary: ['“', '”'] },
  sq: { primary: ['«', '»'], secondary: ['“', '”'] },
  no: { primary: ['«', '»'], secondary: ['‘', '’'] },
  uk: { primary: ['«', '»'], secondary: ['„', '“'] },
  fi: { primary: ['”', '”'], secondary: ['’', '’'] },
  sv: { primary: ['”', '”'], secondary: ['’', '’'] },
}

/**
 * Where a straight ' is an apostrophe that should be ’: between letters in French and Italian
 * (l’immobilier, dell’acquisto); in Greek also before a space, since its elisions stand before the
 * next word (γι’ αυτό, κατ’ αρχήν; review 2026-11, defect 11).
 */
const straightApostrophes: Partial<Record<Locale, RegExp>> = {
  fr: /(?<=\p{L})'(?=\p{L})/gu,
  it: /(?<=\p{L})'(?=\p{L})/gu,
  el: /(?<=\p{L})'(?=\p{L}|[ \u00a0\u202f])/gu,
}

export function apostropheIssues(line: string, locale: Locale): Found[] {
  const pattern = straightApostrophes[locale]
  if (!pattern) return []
  return [...line.matchAll(pattern)].map((m) => ({
    rule: 'apostrophe' as const,
    index: m.index,
    length: 1,
    message: `${languageNames.of(locale)} takes the typographic apostrophe: write ’`,
    fix: '’',
  }))
}

const allPairs: Pair[] = [
  ...new Map(
    Object.values(quotationMarks)
      .flatMap((marks) => [marks.primary, marks.secondary])
      .map((pair) => [pair.join(''), pair]),
  ).values(),
]
const primaryMarks = new Set(Object.values(quotationMarks).flatMap((marks) => [...marks.primary]))
const allMarks = '“”„«»"'
const opensAfter = (char: string | undefined) => char === undefined || /[\s([{\u2013\u2014/*_]/u.test(char)
const closesBefore = (char: string | undefined) => char === undefined || /[\s)\]}.,;:!?…*_\u2013\u2014/’]/u.test(char)

/** Another language's marks: those of every primary pair that are in neither of this language's pairs. */
function foreignMarks(locale: Locale) {
  const own = new Set([...quotationMarks[locale].primary, ...quotationMarks[locale].secondary])
  return new Set([...primaryMarks].filter((mark) => !own.has(mark)))
}

type QuoteRules = { foreign: Set<string>; sample: string; wholeQuotations: Array<{ open: string; pattern: RegExp }> }
const quoteRulesByLocale = new Map<Locale, QuoteRules>()

/** Per language, built once: every line of every file is checked with them (`matchAll` copies a pattern, so sharing is safe). */
function quoteRules(locale: Locale): QuoteRules {
  let rules = quoteRulesByLocale.get(locale)
  if (!rules) {
    const foreign = foreignMarks(locale)
    const wholeQuotations = allPairs
      .filter(([open, close]) => foreign.has(open) || foreign.has(close))
      .map(([open, close]) => ({ open, pattern: new RegExp(`${open}(${space}?)([^\\n${allMarks}]+?)(${space}?)${close}`, 'gu') }))
    rules = { foreign, sample: quoted('…', locale, 'primary'), wholeQuotations }
    quoteRulesByLocale.set(locale, rules)
  }
  return rules
}

function quoted(text: string, locale: Locale, level: 'primary' | 'secondary') {
  const [open, close] = quotationMarks[locale][level]
  return open === '«' && locale === 'fr' ? `«${nbsp}${text}${nbsp}»` : `${open}${text}${close}`
}

export function quoteIssues(line: string, raw: string, locale: Locale): Found[] {
  const found: Found[] = []
  const { foreign, sample, wholeQuotations } = quoteRules(locale)
  const { primary } = quotationMarks[locale]
  const covered = new Set<number>()

  // A whole quotation in another language's marks can take this language's.
  for (const { open, pattern } of wholeQuotations) {
    for (const m of line.matchAll(pattern)) {
      const end = m.index + m[0].length
      if (!opensAfter(line[m.index - 1]) || !closesBefore(line[end]) || covered.has(m.index) || covered.has(end - 1)) continue
      for (let i = m.index; i < end; i++) covered.add(i)
      // The quotation's own text comes from the raw line: a link inside it keeps its target.
      const textStart = m.index + open.length + m[1].length
      const text = raw.slice(textStart, textStart + m[2].length)
      found.push({
        rule: 'quote',
        index: m.index,
        length: m[0].length,
        message: `write ${languageNames.of(locale)} quotation marks ${sample}`,
        fix: quoted(text, locale, 'primary'),
      })
    }
  }
  for (const m of line.matchAll(/[“”„«»]/gu)) {
    if (!foreign.has(m[0]) || covered.has(m.index)) continue
    found.push({ rule: 'quote', index: m.index, length: 1, message: `${m[0]} is not a ${languageNames.of(locale)} quotation mark: write ${sample}` })
  }

  // Straight quotes: fixable when each one is clearly an opening or a closing one, in turn.
  const straight = [...line.matchAll(/"/g)].map((m) => {
    const before = line[m.index - 1]
    const after = line[m.index + 1]
    const opening = opensAfter(before) && after !== undefined && !/\s/.test(after)
    const closing = closesBefore(after) && before !== undefined && !/\s/.test(before)
    return { index: m.index, role: opening === closing ? null : opening ? 'open' : 'close' }
  })
  const paired = straight.length % 2 === 0 && straight.every((q, i) => q.role === (i % 2 === 0 ? 'open' : 'close'))
  for (let i = 0; i < straight.length; i++) {
    const { index } = straight[i]
    let fix: string | undefined
    if (paired) {
      // Inside a quotation already opened with this language's marks, the inner pair is the secondary one.
      const before = line.slice(0, straight[i - (i % 2)].index)
      const nested = primary[0] !== primary[1] && before.split(primary[0]).length > before.split(primary[1]).length
      const [open, close] = quoted('\u0000', locale, nested ? 'secondary' : 'primary').split('\u0000')
      fix = i % 2 === 0 ? open : close
    }
    found.push({ rule: 'quote', index, length: 1, message: `a straight quotation mark in prose: write ${sample}`, fix })
  }

  if (locale === 'fr') {
    for (const m of line.matchAll(/«(?![ \u00a0\u202f])|(?<![ \u00a0\u202f])»/gu)) {
      if (covered.has(m.index)) continue
      found.push({
        rule: 'quote',
        index: m.index,
        length: 1,
        message: 'French guillemets take a no-break space inside: « … »',
        fix: m[0] === '«' ? `«${nbsp}` : `${nbsp}»`,
      })
    }
  }
  return found
}
