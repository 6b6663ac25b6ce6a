import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DOCUMENT_LIMITS, DocumentTooLarge, mergeBody, mergeDocument, patchFrontMatter } from './write-back.ts'

const greek = readFileSync('content/posts/bulgaria-property-market-after-euro-adoption/el.md', 'utf8')
/** The post's own date as it is now (editors and corrections move it); a save is dated after it. */
const updatedAt = /^updatedAt: (.*)$/m.exec(greek)?.[1] ?? ''
const SAVED = '2026-12-31'

/** The file as Keystatic would write it: front matter reformatted, list markers and spacing changed. */
function asTheInterfaceWrites(source: string, edit: (body: string) => string = (b) => b) {
  const [, yaml, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source)!
  const fields = yaml
    .split('\n')
    .filter((line) => !line.startsWith('metaKeywords'))
    .map((line) => line.replace(/: "(.*)"$/, ": '$1'"))
  return `---\n${fields.join('\n')}\nmetaKeywords:\n  - ακίνητα βουλγαρία\n  - βουλγαρία ευρώ\n  - διαμέρισμα σόφια\n  - αγορά ακινήτου στη βουλγαρία\n  - απόδοση ενοικίου βουλγαρία\n  - ακίνητα μαύρη θάλασσα\ndraft: false\n---\n${edit(body).replaceAll('\n- ', '\n* ')}`
}

const changedLines = (a: string, b: string) => {
  const x = a.split('\n')
  const y = b.split('\n')
  expect(y.length).toBe(x.length)
  return y.flatMap((line, i) => (line === x[i] ? [] : [[x[i], line]]))
}

describe('write-back of a save', () => {
  it('keeps a file byte for byte when nothing changed but the formatting', () => {
    const merged = mergeDocument('posts', greek, asTheInterfaceWrites(greek), '2026-11-25')
    expect(merged.changed).toEqual([])
    expect(merged.source).toBe(greek)
  })

  it('a one-sentence edit changes that line and updatedAt only', () => {
    const sentence = 'Πολλοί διεθνείς επενδυτές απλώς αγοράζουν με μετρητά.'
    expect(greek).toContain(sentence)
    const edited = asTheInterfaceWrites(greek, (b) => b.replace(sentence, 'Πολλοί επενδυτές αγοράζουν με μετρητά.'))
    const merged = mergeDocument('posts', greek, edited, SAVED)
    expect(merged.changed).toEqual(['body'])
    const lines = changedLines(greek, merged.source)
    expect(lines).toHaveLength(2)
    expect(lines[0]).toEqual([`updatedAt: ${updatedAt}`, `updatedAt: ${SAVED}`])
    expect(lines[1][1]).toContain('Πολλοί επενδυτές αγοράζουν με μετρητά.')
  })

  it('a one-field edit keeps quoting and the other lines, and removes an unticked draft', () => {
    const withDraft = greek.replace('author: ', 'draft: true\nauthor: ')
    const incoming = asTheInterfaceWrites(greek).replace(/^title: .*$/m, "title: 'Νέος τίτλος'")
    const merged = mergeDocument('posts', withDraft, incoming, SAVED)
    expect(merged.changed).toEqual(['title', 'draft'])
    expect(merged.source).toContain('title: "Νέος τίτλος"\n')
    expect(merged.source).not.toContain('draft:')
    expect(merged.source.replace('title: "Νέος τίτλος"', 'title: ').replace(`updatedAt: ${SAVED}`, '')).toBe(
      withDraft
        .replace(/^title: .*$/m, 'title: ')
        .replace('draft: true\n', '')
        .replace(`updatedAt: ${updatedAt}`, ''),
    )
  })

  it('keeps a time written with its zone when the interface sends the same instant in UTC', () => {
    const scheduled = greek.replace('publishedAt: 2026-08-26', 'publishedAt: 2026-12-01T09:00:00+01:00')
    const incoming = asTheInterfaceWrites(scheduled).replace(/^publishedAt: .*$/m, "publishedAt: '2026-12-01T08:00:00Z'")
    expect(mergeDocument('posts', scheduled, incoming, '2026-11-25').changed).toEqual([])
    const moved = incoming.replace('08:00:00Z', '10:00:00Z')
    expect(mergeDocument('posts', scheduled, moved, '2026-11-25').source).toContain('publishedAt: 2026-12-01T10:00:00Z\n')
  })

  it('keeps comments and adds a new field at the end of the front matter', () => {
    const yaml = '# checked by the desk\ntitle: "A"\nkeywords: ["a", "b"]\n'
    expect(patchFrontMatter(yaml, new Map<string, unknown>([['publishedAt', '2026-12-01T09:00:00+01:00']]))).toBe(
      `${yaml}publishedAt: 2026-12-01T09:00:00+01:00\n`,
    )
    expect(patchFrontMatter(yaml, new Map<string, unknown>([['keywords', ['a', 'c d']]]))).toBe(
      '# checked by the desk\ntitle: "A"\nkeywords: ["a", "c d"]\n',
    )
  })

  it('inserts a new paragraph without touching its neighbours', () => {
    const body = '\nFirst.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nLast.\n'
    expect(mergeBody(body, '\nFirst.\n\nNew one.\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\nLast.\n')).toBe(
      '\nFirst.\n\nNew one.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nLast.\n',
    )
  })
})

describe('document limits (issue 35, F4)', () => {
  const head = greek.slice(0, greek.indexOf('\n---\n', 4) + 5)
  const paragraphs = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`).join('\n\n')

  it('refuses a document of too many blocks quickly, before the merge builds its table', () => {
    const started = performance.now()
    expect(() => mergeDocument('posts', greek, `${head}${paragraphs(2_000)}\n`, '2026-11-28')).toThrow(DocumentTooLarge)
    expect(() => mergeDocument('posts', greek, `${head}${paragraphs(2_000)}\n`, '2026-11-28')).toThrow(/at most 1500/)
    // 20,000 paragraphs (the review's first probe) and a new document are refused by their lines, unparsed.
    expect(() => mergeDocument('posts', greek, `${head}${paragraphs(20_000)}\n`, '2026-11-28')).toThrow(/more than 5000 lines/)
    expect(() => mergeDocument('posts', null, `${head}${paragraphs(1_600)}\n`, '2026-11-28')).toThrow(DocumentTooLarge)
    expect(() => mergeDocument('posts', greek, `${head}${'x'.repeat(DOCUMENT_LIMITS.bytes)}\n`, '2026-11-28')).toThrow(/at most 200 KB/)
    expect(performance.now() - started).toBeLessThan(5_000)
  })

  it('merges a long document within the limits in bounded time and memory, keeping unchanged blocks', () => {
    const body = paragraphs(1_400)
    const edited = body.replace('p700\n', 'p700 changed\n').replace('p3\n', 'p3 too\n')
    const started = performance.now()
    const merged = mergeBody(body, edited)
    expect(merged).toBe(`${edited}\n`)
    // Every block changed (the worst case for the table): written whole, still correct.
    expect(mergeBody(body, paragraphs(1_400).replaceAll('p', 'q'))).toBe(`${paragraphs(1_400).replaceAll('p', 'q')}\n`)
    expect(performance.now() - started).toBeLessThan(5_000)
  })
})
