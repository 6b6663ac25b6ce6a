/**
 * The house typography of each language (issue 25) over Markdown prose and the front matter's text:
 * quotation marks, French, Italian and Greek apostrophes, amounts of money and percentages written the way
 * the site's own number formatting writes them (src/i18n/format.ts). Pure: callers read the files.
 * Where a problem has one safe correction, the issue carries it (scripts/typography-fix.ts applies it).
 */
import { parseFrontMatter } from './front-matter'
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml'
import { z } from 'zod'
import { formatMoney, formatPercent } from '../i18n/format'
import type { Locale } from '../paraglide/runtime'

type TypographyRule = 'quote' | 'apostrophe' | 'money-sign' | 'money-number' | 'money-code' | 'percent'

export type TypographyIssue = {
  rule: TypographyRule
  /** 1-based, in the text given (for checkDocument: in the file). */
  line: number
  /** 1-based, in the line (for a front matter field: in its value). */
  column: number
  /** The text around the problem exactly as written, so that an exception can quote it. */
  excerpt: string
  message: string
}

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

const languageNames = new Intl.DisplayNames('en', { type: 'language' })
const nbsp = '\u00a0'
/** A plain space, a no-break space and a narrow one are the same thing here: the renderer binds figures. */
const space = '[ \\u00a0\\u202f]'
const isSpace = (char: string) => char === ' ' || char === '\u00a0' || char === '\u202f'
const sameSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

// ---------------------------------------------------------------- what is prose

const blank = (text: string) => text.replace(/[^\n]/g, ' ')

// Each pattern finds text that is markup or an address, not prose. Link titles go with their targets;
// link targets go before bare URLs, which may not hold all of one.
const notProse = [
  /<!--[\s\S]*?-->/g,
  /(?<!`)(`+)(?!`)[^\n]*?(?<!`)\1(?!`)/g,
  /<(?:https?|mailto|ftp):[^>\s]*>|<[^>\s@]+@[^>\s]+>/g,
  /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g,
  /^ {0,3}\[[^\]\n]+\]:[ \t]*\S+(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*$/gm,
  /\]\((?:<[^>\n]*>|(?:[^()\s]|\([^()\s]*\))*)(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*\)/g,
  /(?:https?:\/\/|www\.)[^\s<>"`]*[^\s<>"`.,;:!?)\]’”»]/g,
]

/**
 * The Markdown with everything that is not prose (code, HTML tags and their attributes, link
 * targets, URLs) blanked out, character for character, so positions and lines stay the same.
 */
export function maskMarkdown(markdown: string) {
  let fence: string | null = null
  const lines = markdown.split('\n').map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1]
    if (fence === null && marker) {
      fence = marker
      return blank(line)
    }
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && !line.slice(line.indexOf(marker) + marker.length).trim()) fence = null
      return blank(line)
    }
    return line
  })
  let text = lines.join('\n')
  for (const pattern of notProse) text = text.replace(pattern, blank)
  return text
}

// ---------------------------------------------------------------- the locale's forms, derived

type NumberStyle = { group: string; decimal: string; groupsFourDigits: boolean }
type MoneyStyle = NumberStyle & { side: 'before' | 'after'; gap: string }
type PercentStyle = { decimal: string; gap: string }

const moneyStyles = new Map<Locale, MoneyStyle>()
const percentStyles = new Map<Locale, PercentStyle>()

/** Where the € goes, the space beside it and the separators, read off the site's own formatting. */
function moneyStyle(locale: Locale): MoneyStyle {
  let style = moneyStyles.get(locale)
  if (!style) {
    const written = formatMoney(1234567.89, locale)
    const side = written.startsWith('€') ? 'before' : 'after'
    const figure = written.replace('€', '').trim()
    const gap = isSpace(side === 'before' ? written[1] : written[written.length - 2]) ? ' ' : ''
    // Some languages leave a four-digit amount ungrouped (5000 € in Polish), others do not (5.000 € in German).
    const groupsFourDigits = /\d\D\d{3}/.test(formatMoney(1000, locale))
    style = { side, gap, group: sameSpaces(figure[1]), decimal: figure[figure.length - 3], groupsFourDigits }
    moneyStyles.set(locale, style)
  }
  return style
}

/** The decimal separator and the space before % of the site's percentages. */
function percentStyle(locale: Locale): PercentStyle {
  let style = percentStyles.get(locale)
  if (!style) {
    const written = formatPercent(0.015, locale)
    style = { decimal: written[1], gap: isSpace(written[written.length - 2]) ? ' ' : '' }
    percentStyles.set(locale, style)
  }
  return style
}

// ---------------------------------------------------------------- amounts

const figure = `(?:\\d{1,3}(?:[., \\u00a0\\u202f]\\d{3})+|\\d+)(?:[.,]\\d+)?`
// A dash between two figures makes a range; a scale word ("million", "Mio.", "млн") may follow.
const scale =
  '(?:[Mm]il(?:[ljih]\\p{L}*)?|[Mm]io\\.|[Mm]rd\\.|mln\\.?|mld\\.?|bn|billion|[Tt]sd\\.|tys\\.|tis\\.|ezer|εκατ(?:\\.|\\p{L}+)|δισ(?:\\.|\\p{L}+)|млн\\.?|млрд\\.?|мільй\\p{L}*|мільяр\\p{L}*|милио\\p{L}*|милиар\\p{L}*|тис\\.|хил\\.)(?![\\p{L}])'
const amount = `(${figure})(?:(${space}?[–-]${space}?)(${figure}))?(?:(${space})(${scale}))?`
/** An amount right after a sign, and one right before it. */
const amountAfterSign = new RegExp(`^(${space}?)${amount}(?![\\d\\p{L}])`, 'u')
const amountBeforeSign = new RegExp(`(?<![\\d.,\\p{L}])${amount}(${space}?)$`, 'u')

type Amount = { start: number; end: number; from: string; dash?: string; to?: string; scale?: string; gap: string }

function amountAt(line: string, signStart: number, signEnd: number, side: 'before' | 'after'): Amount | null {
  if (side === 'before') {
    const m = amountAfterSign.exec(line.slice(signEnd))
    return m && { start: signStart, end: signEnd + m[0].length, gap: m[1], from: m[2], dash: m[3], to: m[4], scale: m[6] }
  }
  const m = amountBeforeSign.exec(line.slice(0, signStart))
  return m && { start: m.index, end: signEnd, from: m[1], dash: m[2], to: m[3], scale: m[5], gap: m[6] }
}

/**
 * A figure with the locale's separators. Money has no third decimal, so three digits after a
 * separator are a thousands group, except before a scale word, where they would be ambiguous
 * (€1,500 million): such a figure stays as written.
 */
function localFigure(written: string, style: NumberStyle, scaled: boolean) {
  const m = scaled ? /^(\d+)(?:[.,](\d{1,2}))?$/.exec(written) : /^(\d{1,3}(?:[., \u00a0\u202f]\d{3})+|\d+)(?:[.,](\d+))?$/.exec(written)
  if (!m) return written
  const digits = m[1].replace(/\D/g, '')
  const grouped = digits.length >= (style.groupsFourDigits ? 4 : 5) || digits !== m[1] ? digits.replace(/\B(?=(\d{3})+$)/g, style.group) : digits
  return m[2] === undefined ? grouped : `${grouped}${style.decimal}${m[2]}`
}

/** The amount as the locale writes it, keeping its dash and its scale word. */
function localAmount(found: Amount, style: MoneyStyle) {
  const scaled = found.scale !== undefined
  const range = found.to === undefined ? '' : `${found.dash}${localFigure(found.to, style, scaled)}`
  const text = `${localFigure(found.from, style, scaled)}${range}${scaled ? ` ${found.scale}` : ''}`
  return style.side === 'before' ? `€${style.gap}${text}` : `${text}${style.gap}€`
}

// ---------------------------------------------------------------- the rules

type Found = { rule: TypographyRule; index: number; length: number; message: string; fix?: string }

function moneyIssues(line: string, locale: Locale): Found[] {
  const found: Found[] = []
  const style = moneyStyle(locale)
  const other = style.side === 'before' ? 'after' : 'before'
  for (const sign of line.matchAll(/€/g)) {
    const own = amountAt(line, sign.index, sign.index + 1, style.side)
    const at = own ?? amountAt(line, sign.index, sign.index + 1, other)
    if (!at) continue
    const written = line.slice(at.start, at.end)
    const fix = localAmount(at, style)
    if (sameSpaces(written) === sameSpaces(fix)) continue
    const gapWrong = own !== null && (at.gap === '') !== (style.gap === '')
    const where = style.side === 'before' ? 'before the amount' : 'after the amount'
    found.push({
      rule: own === null || gapWrong ? 'money-sign' : 'money-number',
      index: at.start,
      length: written.length,
      message:
        own === null || gapWrong
          ? `the € goes ${where}${style.gap ? ', a space apart' : ', with no space'}: write ${fix}`
          : `write the figure as ${fix}`,
      fix,
    })
  }
  for (const code of line.matchAll(/(?<![\p{L}\d])EUR(?![\p{L}\d])/gu)) {
    const at = amountAt(line, code.index, code.index + 3, style.side) ?? amountAt(line, code.index, code.index + 3, other)
    if (!at) continue
    const fix = localAmount(at, style)
    found.push({ rule: 'money-code', index: at.start, length: at.end - at.start, message: `an amount takes the € sign, not EUR: write ${fix}`, fix })
  }
  return found
}

const percentBefore = /(?<![\d.,])(\d+)(?:[.,](\d+))?([ \u00a0\u202f]?)$/

function percentIssues(line: string, locale: Locale): Found[] {
  const style = percentStyle(locale)
  const found: Found[] = []
  for (const sign of line.matchAll(/%/g)) {
    const m = percentBefore.exec(line.slice(0, sign.index))
    if (!m) continue
    const fix = `${m[1]}${m[2] === undefined ? '' : `${style.decimal}${m[2]}`}${style.gap}%`
    const written = `${m[0]}%`
    if (sameSpaces(written) === fix) continue
    const problem =
      sameSpaces(m[3]) !== style.gap ? (style.gap ? 'a space goes before %' : 'no space goes before %') : `the decimal separator is ${style.decimal}`
    found.push({ rule: 'percent', index: m.index, length: written.length, message: `${problem}: write ${fix}`, fix })
  }
  return found
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

function apostropheIssues(line: string, locale: Locale): Found[] {
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

function quoteIssues(line: string, raw: string, locale: Locale): Found[] {
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

function lineIssues(masked: string, raw: string, locale: Locale): Found[] {
  return [
    ...quoteIssues(masked, raw, locale),
    ...apostropheIssues(masked, locale),
    ...moneyIssues(masked, locale),
    ...percentIssues(masked, locale),
  ].sort((a, b) => a.index - b.index)
}

// ---------------------------------------------------------------- texts, documents, exceptions

/** A piece of text checked on its own: the body, or one front matter value. */
type Unit = { text: string; masked: string; firstLine: number }
type Located = Found & { line: number; column: number; lineText: string; unit: Unit; offset: number }

function excerptOf(lineText: string, column: number, length: number) {
  const start = Math.max(0, column - 30)
  const end = Math.min(lineText.length, column + length + 30)
  return lineText.slice(start, end).trim()
}

/** Whether an allowed excerpt, found in the line, covers the whole problem. */
function covers(allowed: string, lineText: string, column: number, length: number) {
  for (let at = lineText.indexOf(allowed); at !== -1; at = lineText.indexOf(allowed, at + 1)) {
    if (at <= column && column + length <= at + allowed.length) return true
  }
  return false
}

function locate(unit: Unit, locale: Locale): Located[] {
  const located: Located[] = []
  const rawLines = unit.text.split('\n')
  const maskedLines = unit.masked.split('\n')
  let offset = 0
  rawLines.forEach((lineText, i) => {
    for (const found of lineIssues(maskedLines[i], lineText, locale)) {
      located.push({ ...found, line: unit.firstLine + i, column: found.index, lineText, unit, offset: offset + found.index })
    }
    offset += lineText.length + 1
  })
  return located
}

function issue(found: Located): TypographyIssue {
  return {
    rule: found.rule,
    line: found.line,
    column: found.column + 1,
    excerpt: excerptOf(found.lineText, found.column, found.length),
    message: found.message,
  }
}

function checkUnits(units: Unit[], locale: Locale, allow: readonly string[]) {
  const used = new Set<string>()
  const kept: Located[] = []
  for (const unit of units) {
    for (const found of locate(unit, locale)) {
      const exception = allow.find((allowed) => covers(allowed, found.lineText, found.column, found.length))
      if (exception === undefined) kept.push(found)
      else used.add(exception)
    }
  }
  return { kept, unused: allow.filter((allowed) => !used.has(allowed)) }
}

/** The typography problems of a Markdown text; `allow` lists excerpts whose problems are accepted. */
export function checkTypography(markdown: string, locale: Locale, allow: readonly string[] = []): TypographyIssue[] {
  return checkUnits([{ text: markdown, masked: maskMarkdown(markdown), firstLine: 1 }], locale, allow).kept.map(issue)
}

/** Front matter fields that readers see as text. */
const proseFields = ['title', 'meta', 'summary', 'description', 'coverAlt'] as const

type Field = Unit & { start: number; end: number }
type Split = { units: Unit[]; fields: Field[]; bodyStart: number }

// The loader's split (src/content/front-matter.ts): front matter between two --- lines.
function split(source: string): Split {
  const parsed = parseFrontMatter(source)
  const m = 'error' in parsed ? null : [parsed.head, parsed.open, parsed.yaml]
  if (!m) return { units: [{ text: source, masked: maskMarkdown(source), firstLine: 1 }], fields: [], bodyStart: 0 }
  const lineCounter = new LineCounter()
  const document = parseDocument(m[2], { lineCounter })
  const fields: Field[] = []
  if (isMap(document.contents)) {
    for (const pair of document.contents.items) {
      const { key, value } = pair
      if (!isScalar(key) || !proseFields.some((field) => field === key.value) || !isScalar(value) || typeof value.value !== 'string' || !value.range)
        continue
      const text = value.value
      fields.push({
        text,
        masked: maskMarkdown(text),
        firstLine: lineCounter.linePos(value.range[0]).line + 1,
        start: m[1].length + value.range[0],
        end: m[1].length + value.range[1],
      })
    }
  }
  const bodyStart = m[0].length
  const body = source.slice(bodyStart)
  const firstLine = source.slice(0, bodyStart).split('\n').length
  return { units: [...fields, { text: body, masked: maskMarkdown(body), firstLine }], fields, bodyStart }
}

/**
 * The typography problems of a content file, front matter fields and body, with the file's line
 * numbers; `unused` are allowed excerpts that matched no problem (stale exceptions).
 */
export function checkDocument(source: string, locale: Locale, allow: readonly string[] = []) {
  const { kept, unused } = checkUnits(split(source).units, locale, allow)
  return { issues: kept.map(issue), unused }
}

function applyFixes(text: string, fixes: Located[]) {
  let result = text
  let end = Infinity
  let applied = 0
  for (const found of [...fixes].sort((a, b) => b.offset - a.offset)) {
    if (found.fix === undefined || found.offset + found.length > end) continue
    result = result.slice(0, found.offset) + found.fix + result.slice(found.offset + found.length)
    end = found.offset
    applied++
  }
  return { text: result, applied }
}

/**
 * A content file with every problem that has one safe correction corrected (not those an exception
 * allows). A changed front matter value is written back as a double-quoted YAML string.
 */
export function fixDocument(source: string, locale: Locale, allow: readonly string[] = []) {
  let text = source
  let fixed = 0
  // A correction can reveal another (a quotation's marks, then its spaces): a few rounds settle it.
  for (let round = 0; round < 3; round++) {
    const { fields, units, bodyStart } = split(text)
    const { kept } = checkUnits(units, locale, allow)
    if (!kept.some((found) => found.fix !== undefined)) break
    const body = units[units.length - 1]
    const bodyFix = applyFixes(
      body.text,
      kept.filter((found) => found.unit === body),
    )
    let next = text.slice(0, bodyStart) + bodyFix.text
    let applied = bodyFix.applied
    for (const field of [...fields].sort((a, b) => b.start - a.start)) {
      const fieldFix = applyFixes(
        field.text,
        kept.filter((found) => found.unit === field),
      )
      if (!fieldFix.applied) continue
      next = next.slice(0, field.start) + JSON.stringify(fieldFix.text) + next.slice(field.end)
      applied += fieldFix.applied
    }
    text = next
    fixed += applied
  }
  return { source: text, fixed, left: checkDocument(text, locale, allow).issues }
}

/** `content/typography-exceptions.yaml`: quotations that must keep another form, each with its reason. */
const typographyExceptions = z.array(
  z.strictObject({
    file: z
      .string()
      .regex(/^(posts|countries|pages)\/[^/]+\/[a-z]{2}\.md$/, 'a file such as posts/<post-key>/de.md, relative to the content directory'),
    excerpt: z.string().min(1),
    reason: z.string().trim().min(1),
  }),
)
export type TypographyException = z.output<typeof typographyExceptions>[number]

export function parseTypographyExceptions(yamlText: string): { exceptions: TypographyException[]; problems: string[] } {
  let data: unknown
  try {
    data = parseDocument(yamlText).toJS() ?? []
  } catch (error) {
    return { exceptions: [], problems: [`not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`] }
  }
  const result = typographyExceptions.safeParse(data)
  if (result.success) return { exceptions: result.data, problems: [] }
  return { exceptions: [], problems: result.error.issues.map((i) => `${i.path.join('.') || 'the list'}: ${i.message}`) }
}

type FileTypographyIssue = TypographyIssue & { file: string }

/**
 * Every typography problem of the given content files (`file` relative to the content directory),
 * and the exceptions that no longer match anything.
 */
export function checkFiles(files: ReadonlyArray<{ file: string; locale: Locale; source: string }>, exceptions: readonly TypographyException[]) {
  const issues: FileTypographyIssue[] = []
  const used = new Set<TypographyException>()
  for (const { file, locale, source } of files) {
    const mine = exceptions.filter((exception) => exception.file === file)
    const result = checkDocument(
      source,
      locale,
      mine.map((exception) => exception.excerpt),
    )
    issues.push(...result.issues.map((found) => ({ ...found, file })))
    for (const exception of mine) if (!result.unused.includes(exception.excerpt)) used.add(exception)
  }
  return { issues, unused: exceptions.filter((exception) => !used.has(exception)) }
}
