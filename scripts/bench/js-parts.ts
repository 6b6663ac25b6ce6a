/**
 * Says what a built JavaScript file is made of: its bytes per source module, read from the file's
 * source map, grouped into the parts a regression would name (React, router, query, Start, ours).
 */
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js'

export const parts = ['React', 'Router', 'Query', 'Start', 'Paraglide runtime', 'our code', 'other packages', 'bundler'] as const
export type Part = (typeof parts)[number]

const packageParts: [RegExp, Part][] = [
  [/^(react|react-dom|scheduler|use-sync-external-store)$/, 'React'],
  [/^@tanstack\/(react-router|router-core|history|store|react-store)$|^(seroval|seroval-plugins|tiny-invariant|tiny-warning|cookie-es)$/, 'Router'],
  [/^@tanstack\/(query-core|react-query|react-router-ssr-query|router-ssr-query-core)$/, 'Query'],
  [/^@tanstack\/(react-start|react-start-client|start-client-core|start-fn-stubs|start-storage-context)$/, 'Start'],
]

/** The part a source path of a source map belongs to. */
export function partOf(source: string): Part {
  const at = source.lastIndexOf('node_modules/')
  if (at !== -1) {
    const segments = source.slice(at + 'node_modules/'.length).split('/')
    const name = segments[0].startsWith('@') ? `${segments[0]}/${segments[1]}` : segments[0]
    return packageParts.find(([pattern]) => pattern.test(name))?.[1] ?? 'other packages'
  }
  if (/(^|\/)src\/paraglide\/runtime\.js$/.test(source)) return 'Paraglide runtime'
  if (/(^|\/)src\//.test(source)) return 'our code'
  return 'bundler'
}

/** Bytes of `code` per part: each mapped segment runs to the next mapping on its line. */
export function attribute(code: string, map: RawSourceMap): Map<Part, number> {
  const lines = code.split('\n')
  const bytes = new Map<Part, number>(parts.map((p) => [p, 0]))
  let mapped = 0
  let previous: { line: number; column: number; part: Part } | null = null
  const close = (endLine: number, endColumn: number) => {
    if (!previous) return
    const end = endLine === previous.line ? endColumn : lines[previous.line - 1].length
    bytes.set(previous.part, (bytes.get(previous.part) ?? 0) + end - previous.column)
    mapped += end - previous.column
  }
  new SourceMapConsumer(map).eachMapping((m) => {
    close(m.generatedLine, m.generatedColumn)
    previous = { line: m.generatedLine, column: m.generatedColumn, part: m.source ? partOf(m.source) : 'bundler' }
  })
  close(Number.POSITIVE_INFINITY, 0)
  // Whatever no mapping covers (line breaks, the bundler's glue) is the bundler's.
  bytes.set('bundler', (bytes.get('bundler') ?? 0) + Math.max(0, code.length - mapped))
  return bytes
}
