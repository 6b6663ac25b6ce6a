/**
 * One name per tax in each language (issue 37, translation review 2026-11): `content/terms/<lang>.yaml`
 * names, for each tax family, the term to use and the variants to refuse, and these functions find a
 * refused variant in a content file, a key-figures translation or a language's interface messages,
 * with its line. Pure: callers read the files.
 */
import { parseFrontMatter } from './front-matter'
import { parseDocument } from 'yaml'
import { z } from 'zod'
import type { Locale } from '../paraglide/runtime'
import { maskMarkdown } from './typography'

/** The families every language's list names; a list may add others (Ukrainian names the EEA). */
export const taxFamilies = ['transferTax', 'stampDuty', 'vat', 'propertyTax', 'capitalGainsTax', 'rentalTax', 'notary', 'registry'] as const

const familyNames: Record<string, string> = {
  transferTax: 'transfer tax',
  stampDuty: 'stamp duty',
  vat: 'VAT',
  propertyTax: 'property tax',
  capitalGainsTax: 'capital gains tax',
  rentalTax: 'rental income tax',
  notary: 'notary (fee)',
  registry: 'land registry (fee)',
  eea: 'the European Economic Area',
}

const variant = z.union([z.string().trim().min(1), z.strictObject({ variant: z.string().trim().min(1), matchCase: z.boolean().default(false) })])
const family = z.strictObject({
  use: z.string().trim().min(1),
  refuse: z.array(variant).default([]),
  /** Where the variant was found and why it is wrong: for the next editor, not checked. */
  why: z.string().optional(),
})
const termListSchema = z.record(z.string().regex(/^[a-z][A-Za-z]*$/, 'a family name such as stampDuty'), family).superRefine((families, ctx) => {
  for (const name of taxFamilies) if (!(name in families)) ctx.addIssue({ code: 'custom', message: `names no term for ${name}` })
})

type RefusedTerm = { family: string; variant: string; use: string; pattern: RegExp }
export type TermList = { locale: Locale; families: Record<string, { use: string }>; refused: RefusedTerm[] }

const letterOrDigit = '[\\p{L}\\p{N}]'

/**
 * A variant as a pattern: whole words, a run of spaces (or a line break) between them, `*` for any
 * ending of a word ("гербов* данъ*" finds "гербовият данък" and "гербови данъци"). Any case unless
 * `matchCase` (the Finnish "ALV" is refused, "alv" and "Alv" are right).
 */
export function variantPattern(text: string, matchCase = false) {
  const words = text
    .trim()
    .split(/\s+/)
    .map((word) =>
      word
        .split('*')
        .map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
        .join('\\p{L}*'),
    )
  return new RegExp(`(?<!${letterOrDigit})${words.join('[\\s\\u00a0\\u202f]+')}(?!${letterOrDigit})`, matchCase ? 'gu' : 'giu')
}

/** A language's list from its YAML, with what is wrong in it (an unknown field, a missing family, a variant that refuses the term itself). */
export function parseTermList(yamlText: string, locale: Locale): { list: TermList; problems: string[] } {
  const empty: TermList = { locale, families: {}, refused: [] }
  const document = parseDocument(yamlText)
  if (document.errors.length) return { list: empty, problems: [`not valid YAML: ${document.errors[0].message.split('\n')[0]}`] }
  const data: unknown = document.toJS() ?? {}
  const result = termListSchema.safeParse(data)
  if (!result.success) return { list: empty, problems: result.error.issues.map((i) => `${i.path.join('.') || 'the list'}: ${i.message}`) }
  const problems: string[] = []
  const refused: RefusedTerm[] = []
  for (const [name, { use, refuse }] of Object.entries(result.data)) {
    for (const entry of refuse) {
      const written = typeof entry === 'string' ? entry : entry.variant
      const pattern = variantPattern(written, typeof entry !== 'string' && entry.matchCase)
      if (new RegExp(pattern.source, pattern.flags).test(use))
        problems.push(`${name}: the refused variant "${written}" matches the term to use, "${use}"`)
      else refused.push({ family: name, variant: written, use, pattern })
    }
  }
  const families = Object.fromEntries(Object.entries(result.data).map(([name, { use }]) => [name, { use }]))
  return { list: { locale, families, refused }, problems }
}

export type TermIssue = {
  /** 1-based, in the text given. */
  line: number
  column: number
  found: string
  family: string
  use: string
  excerpt: string
  message: string
}

const languageNames = new Intl.DisplayNames('en', { type: 'language' })
const blank = (text: string) => text.replace(/[^\n]/g, ' ')

/** Every refused variant in `text` (as it is; see `markdownProse` and `dataProse` for what to blank first). */
export function findRefusedTerms(text: string, list: TermList, original = text): TermIssue[] {
  const lineStarts = [0]
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1)
  const issues: TermIssue[] = []
  for (const term of list.refused) {
    for (const m of text.matchAll(term.pattern)) {
      let line = lineStarts.length - 1
      while (lineStarts[line] > m.index) line--
      const start = lineStarts[line]
      const end = original.indexOf('\n', start)
      const lineText = original.slice(start, end === -1 ? undefined : end)
      const column = m.index - start
      const found = original.slice(m.index, m.index + m[0].length).replace(/\s+/g, ' ')
      issues.push({
        line: line + 1,
        column: column + 1,
        found,
        family: term.family,
        use: term.use,
        excerpt: lineText.slice(Math.max(0, column - 30), column + m[0].length + 30).trim(),
        message: `"${found}" is not the ${languageNames.of(list.locale)} name for ${familyNames[term.family] ?? term.family} on this site: write "${term.use}"`,
      })
    }
  }
  return issues.sort((a, b) => a.line - b.line || a.column - b.column)
}

/** Front matter fields readers see; the rest (slug, dates, confirmed differences, comments) is not prose. */
const proseField = /^(title|meta|summary|description|coverAlt|metaKeywords):/

/**
 * A Markdown file with what is not prose blanked, line for line: front matter other than the fields
 * readers see, and in the body code, HTML, link targets and URLs (as the typography check does).
 */
export function markdownProse(source: string) {
  const parsed = parseFrontMatter(source)
  const m = 'error' in parsed ? null : [parsed.head, parsed.open, parsed.yaml]
  if (!m) return maskMarkdown(source)
  let inField = false
  const head = m[2]
    .split('\n')
    .map((line) => {
      // A field's value may go on over indented lines.
      if (!/^[ \t]/.test(line)) inField = proseField.test(line)
      return inField ? line : blank(line)
    })
    .join('\n')
  return blank(m[1]) + head + blank(m[0].slice(m[1].length + m[2].length)) + maskMarkdown(source.slice(m[0].length))
}

/** A key-figures translation (YAML) or a messages file (JSON), with comments and URLs blanked. */
export function dataProse(source: string) {
  return source
    .split('\n')
    .map((line) => (/^\s*#/.test(line) ? blank(line) : line.replace(/https?:\/\/[^\s"]*/g, blank)))
    .join('\n')
}
