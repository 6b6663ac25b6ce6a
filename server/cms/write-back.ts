// A save writes back only what the editor changed (issue 26): the interface sends the whole file as
// it would write it, and this merges that into the file on disk. Front matter values that differ
// are replaced in place (the other lines, comments and quoting stay byte for byte); the body keeps
// every block whose meaning is unchanged in its original text, so a one-sentence edit is a
// one-paragraph diff plus `updatedAt`.
import { gfm } from 'micromark-extension-gfm'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { parse as parseYaml, parseDocument, isScalar, isSeq, stringify, type Pair, type Node as YamlNode } from 'yaml'
import type { DocumentKind } from './rights.ts'

/** The front matter fields the interface edits, per kind; any other key in a file is left alone. */
const editableFields: Record<DocumentKind, readonly string[]> = {
  posts: [
    'title',
    'slug',
    'meta',
    'summary',
    'metaKeywords',
    'country',
    'publishedAt',
    'draft',
    'author',
    'cover',
    'coverAlt',
    'previousSlugs',
    'confirmedDifferences',
  ],
  guides: ['description', 'confirmedDifferences'],
  pages: [],
}

/**
 * Bounds on one document (issue 35, finding F4): the work of a save grows with the number of
 * blocks, so a document past these is refused before it is parsed or merged. The largest bundled
 * file has 14 KB and 33 blocks.
 */
export const DOCUMENT_LIMITS = { bytes: 200 * 1024, lines: 5_000, blocks: 1_500 }

/** A document past DOCUMENT_LIMITS: answered 413 with this message. */
export class DocumentTooLarge extends Error {}

/** Refuses a document over the byte or line limit, before any parse. */
function checkDocumentSize(source: string) {
  const bytes = Buffer.byteLength(source)
  if (bytes > DOCUMENT_LIMITS.bytes) {
    throw new DocumentTooLarge(
      `The document has ${Math.ceil(bytes / 1024)} KB; a document may have at most ${DOCUMENT_LIMITS.bytes / 1024} KB. Split it into several.`,
    )
  }
  let lines = 1
  for (let at = source.indexOf('\n'); at >= 0 && lines <= DOCUMENT_LIMITS.lines; at = source.indexOf('\n', at + 1)) lines++
  if (lines > DOCUMENT_LIMITS.lines) {
    throw new DocumentTooLarge(
      `The document has more than ${DOCUMENT_LIMITS.lines} lines; a document may have at most that many. Split it into several.`,
    )
  }
}

const framing = /^(\uFEFF?---\r?\n)([\s\S]*?\r?\n)?(---\r?\n?)([\s\S]*)$/

export type SplitFile = { data: Record<string, unknown>; body: string }

/** Front matter and body of a Markdown file; throws a sentence an editor can read. */
export function splitFile(source: string): SplitFile & { yaml: string; head: string; fence: string } {
  const match = framing.exec(source)
  if (!match) throw new Error('The file must start with front matter between two --- lines.')
  const [, head, yaml = '', fence, body] = match
  const data: unknown = parseYaml(yaml) ?? {}
  if (typeof data !== 'object' || Array.isArray(data) || data === null) throw new Error('The front matter must be a list of fields.')
  return { data: data as Record<string, unknown>, body, yaml, head, fence }
}

/** A value as the file should hold it: empty text, an empty list and an unticked draft mean "absent". */
function normalise(field: string, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return undefined
  if (field === 'draft' && value === false) return undefined
  if (Array.isArray(value)) {
    const items = value.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '' && v !== null && v !== undefined)
    return items.length ? items : undefined
  }
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  return typeof value === 'string' ? value.trim() : value
}

const instant = (value: string) => Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)

/**
 * Equal values; for dates and times, the same instant. The interface shows a time in UTC (its YAML
 * reader turns `09:00:00+01:00` into a Date), so an untouched time keeps the file's own spelling.
 */
function same(field: string, a: unknown, b: unknown) {
  if ((field === 'publishedAt' || field === 'updatedAt') && typeof a === 'string' && typeof b === 'string') {
    const [x, y] = [instant(a), instant(b)]
    if (!Number.isNaN(x) && x === y && (a.length === 10) === (b.length === 10)) return true
  }
  return JSON.stringify(a) === JSON.stringify(b)
}

/** One value rendered in the file's own manner: strings double-quoted where the file quotes them, lists in flow style. */
function render(value: unknown, quoted: boolean): string {
  const options = { lineWidth: 0, flowCollectionPadding: false, defaultStringType: quoted ? ('QUOTE_DOUBLE' as const) : ('PLAIN' as const) }
  if (Array.isArray(value)) {
    return `[${value.map((v) => stringify(v, { ...options, defaultKeyType: 'PLAIN' }).trimEnd()).join(', ')}]`
  }
  // Dates and times stay plain, as authors write them.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T[\d:]+(Z|[+-]\d{2}:\d{2}))?$/.test(value)) return value
  return stringify(value, options).trimEnd()
}

/** The front matter text with `changes` applied (undefined removes a field), every other byte kept. */
export function patchFrontMatter(yaml: string, changes: Map<string, unknown>): string {
  const doc = parseDocument(yaml)
  const items: Array<Pair<YamlNode, YamlNode>> =
    doc.contents && 'items' in doc.contents ? (doc.contents.items as Array<Pair<YamlNode, YamlNode>>) : []
  const quoted = items.some((p) => isScalar(p.value) && p.value.type === 'QUOTE_DOUBLE')
  const edits: Array<{ from: number; to: number; text: string }> = []
  const appended: string[] = []
  for (const [field, value] of changes) {
    const pair = items.find((p) => isScalar(p.key) && p.key.value === field)
    const keyRange = pair?.key?.range
    const valueRange = pair?.value?.range
    if (!pair || !keyRange) {
      if (value !== undefined) appended.push(`${field}: ${render(value, quoted)}\n`)
    } else if (value === undefined) {
      const end = valueRange ? valueRange[2] : keyRange[2]
      edits.push({ from: keyRange[0], to: yaml[end - 1] === '\n' ? end : yaml.indexOf('\n', end) + 1 || yaml.length, text: '' })
    } else if (valueRange && (isScalar(pair.value) || (isSeq(pair.value) && pair.value.flow))) {
      edits.push({ from: valueRange[0], to: valueRange[1], text: render(value, isScalar(pair.value) ? pair.value.type === 'QUOTE_DOUBLE' : quoted) })
    } else {
      // A block list or a field without a value: the whole field is written again.
      const end = valueRange ? valueRange[2] : keyRange[2]
      edits.push({ from: keyRange[0], to: end, text: `${field}: ${render(value, quoted)}\n` })
    }
  }
  let result = yaml
  for (const edit of edits.sort((a, b) => b.from - a.from)) result = result.slice(0, edit.from) + edit.text + result.slice(edit.to)
  if (appended.length) result = `${result}${result && !result.endsWith('\n') ? '\n' : ''}${appended.join('')}`
  return result
}

type Block = { key: string; text: string; start: number; end: number }

/** The largest longest-common-subsequence table a merge builds (2 bytes a cell). */
const MAX_CELLS = 1_000_000

/** A node's meaning without its place in the file or the Markdown spelling that does not change it. */
function meaning(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(meaning)
  if (typeof node !== 'object' || node === null) return node
  const kept: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(node)) {
    if (name === 'position' || name === 'spread') continue
    kept[name] = meaning(value)
  }
  return kept
}

function blocks(body: string): Block[] {
  const tree = fromMarkdown(body, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] })
  if (tree.children.length > DOCUMENT_LIMITS.blocks) {
    throw new DocumentTooLarge(
      `The text has ${tree.children.length} paragraphs, headings and other blocks; a document may have at most ${DOCUMENT_LIMITS.blocks}. Split it into several.`,
    )
  }
  return tree.children.map((node) => {
    const start = node.position?.start.offset ?? 0
    const end = node.position?.end.offset ?? start
    return { key: JSON.stringify(meaning(node)), text: body.slice(start, end), start, end }
  })
}

/** The old body with the new body's changed blocks in place of the old ones; equal meaning keeps the old text. */
export function mergeBody(oldBody: string, newBody: string): string {
  const before = blocks(oldBody)
  const after = blocks(newBody)
  if (before.length === after.length && before.every((b, i) => b.key === after[i].key)) return oldBody
  const n = before.length
  const m = after.length
  // matched[j]: the old block kept for new block j, or -1 (new text). The common start and end are
  // matched directly; only the changed middle goes through the longest common subsequence, in a table
  // of at most MAX_CELLS cells (past that, the middle is taken as new text: correct, just less minimal).
  const matched = new Int32Array(m).fill(-1)
  let start = 0
  while (start < n && start < m && before[start].key === after[start].key) matched[start] = start++
  let endOld = n
  let endNew = m
  while (endOld > start && endNew > start && before[endOld - 1].key === after[endNew - 1].key) matched[--endNew] = --endOld
  const rows = endOld - start
  const columns = endNew - start
  if (rows > 0 && columns > 0 && (rows + 1) * (columns + 1) <= MAX_CELLS) {
    const width = columns + 1
    const lengths = new Uint16Array((rows + 1) * width)
    for (let i = rows - 1; i >= 0; i--)
      for (let j = columns - 1; j >= 0; j--)
        lengths[i * width + j] =
          before[start + i].key === after[start + j].key
            ? lengths[(i + 1) * width + j + 1] + 1
            : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
    let i = 0
    let j = 0
    while (i < rows && j < columns) {
      if (before[start + i].key === after[start + j].key) matched[start + j++] = start + i++
      else if (lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) i++
      else j++
    }
  }
  const out = Array.from(matched, (old, j) => (old >= 0 ? { text: before[old].text, old } : { text: after[j].text, old: undefined }))
  const lead = before.length ? oldBody.slice(0, before[0].start) : ''
  const tail = before.length ? oldBody.slice(before[n - 1].end) : '\n'
  let text = lead
  out.forEach((block, k) => {
    if (k > 0) {
      const previous = out[k - 1].old
      // Between two blocks that were neighbours, the old spacing; elsewhere one blank line.
      text += previous !== undefined && block.old === previous + 1 ? oldBody.slice(before[previous].end, before[block.old].start) : '\n\n'
    }
    text += block.text
  })
  return text + (tail || '\n')
}

export type Merged = { source: string; changed: string[] }

/**
 * The file to write: `existing` (null for a new document) with the editable fields and the body of
 * `incoming`, plus `updatedAt: today` when anything changed. For a new document, the incoming
 * front matter's editable fields in order, then the body.
 */
export function mergeDocument(kind: DocumentKind, existing: string | null, incoming: string, today: string): Merged {
  checkDocumentSize(incoming)
  const next = splitFile(incoming)
  const old = existing === null ? null : splitFile(existing)
  const changes = new Map<string, unknown>()
  for (const field of editableFields[kind]) {
    const value = normalise(field, next.data[field])
    if (!same(field, value, normalise(field, old?.data[field]))) changes.set(field, value)
  }
  if (!old) blocks(next.body)
  const body = old ? mergeBody(old.body, next.body) : next.body.replace(/^\n*/, '\n')
  const bodyChanged = !old || body !== old.body
  const changed = [...changes.keys(), ...(bodyChanged ? ['body'] : [])]
  if (old && !changed.length) return { source: existing ?? '', changed }
  changes.set('updatedAt', today)
  const yaml = patchFrontMatter(old?.yaml ?? '', changes)
  return { source: `${old?.head ?? '---\n'}${yaml}${old?.fence ?? '---\n'}${body}`, changed }
}
