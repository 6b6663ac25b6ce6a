/**
 * The house typography of each language (issue 25) over Markdown prose and the front matter's text:
 * quotation marks, French, Italian and Greek apostrophes, amounts of money and percentages written the way
 * the site's own number formatting writes them (src/i18n/format.ts). Pure: callers read the files.
 * Where a problem has one safe correction, the issue carries it (scripts/typography-fix.ts applies it).
 *
 * By job: what is prose (prose.ts), quotation marks and apostrophes (quotes.ts), amounts and
 * percentages (numbers.ts); here, the texts of a document, their problems located, exceptions and
 * fixes.
 */
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml'
import { z } from 'zod'
import { parseFrontMatter } from '../front-matter'
import { moneyIssues, percentIssues } from './numbers'
import { maskMarkdown } from './prose'
import { apostropheIssues, quoteIssues } from './quotes'
import type { Found, Locale, TypographyRule } from './shared'

export { maskMarkdown }

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
