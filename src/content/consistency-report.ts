/** Every translated post and guide body checked against its English source (content:check). */
import type { Locale } from '../paraglide/runtime'
import { analyze, compare, unconfirmed, type Difference, type Structure } from './consistency'
import type { ContentStore } from './load.server'

export type ConsistencyEntry = { file: string; locale: Locale; differences: Difference[] }

type Doc = { locale: Locale; file: string; markdown: (() => string) | undefined; confirmedDifferences?: string[] }

function check(versions: Iterable<Doc>, only: Locale | undefined, out: ConsistencyEntry[]) {
  const docs = [...versions]
  const source = docs.find((d) => d.locale === 'en')
  if (!source?.markdown) return
  let sourceStructure: Structure | null = null
  for (const doc of docs) {
    if (doc.locale === 'en' || !doc.markdown || (only && doc.locale !== only)) continue
    sourceStructure ??= analyze(source.markdown(), 'en')
    const differences = unconfirmed(compare(sourceStructure, analyze(doc.markdown(), doc.locale)), doc.confirmedDifferences)
    if (differences.length) out.push({ file: doc.file, locale: doc.locale, differences })
  }
}

export function consistencyReport(store: ContentStore, only?: Locale): ConsistencyEntry[] {
  const out: ConsistencyEntry[] = []
  for (const versions of store.guides.values()) {
    check(
      [...versions.values()].map((g) => ({ ...g, markdown: g.body?.markdown })),
      only,
      out,
    )
  }
  for (const versions of store.postsByKey.values()) check(versions.values(), only, out)
  return out.sort((a, b) => a.file.localeCompare(b.file))
}

export function formatConsistency(entries: ConsistencyEntry[]) {
  if (!entries.length) return 'Translations match their English sources (headings, tables, lists, figures, links).'
  const count = entries.reduce((n, e) => n + e.differences.length, 0)
  return [
    `${count} difference${count === 1 ? '' : 's'} from the English source to check (confirm one by adding its key to the file's confirmedDifferences):`,
    ...entries.flatMap((e) => [`  ${e.file}`, ...e.differences.map((d) => `    ${d.message}  [key: ${d.key}]`)]),
  ].join('\n')
}
