/** How the comparison table is ordered: the URL's `?sort=&dir=` read leniently, and the rows sorted. Pure. */
import { mapKeys, printedKeys } from './keys'
import type { ColumnKey, CompareRow, MapMetric } from './types'

export type SortKey = ColumnKey | 'country'
export type SortDir = 'asc' | 'desc'
export type CompareSearch = { sort?: SortKey; dir?: SortDir; map?: MapMetric }

const sortKeys = new Set<string>(['country', 'priceChange', ...printedKeys])
const mapKeySet = new Set<string>(mapKeys)

/** The page's search parameters; an unknown value is dropped (the page shows its default), never an error. */
export function validateCompareSearch(search: Record<string, unknown>): CompareSearch {
  const out: CompareSearch = {}
  if (typeof search.sort === 'string' && sortKeys.has(search.sort)) out.sort = search.sort as SortKey
  if (search.dir === 'asc' || search.dir === 'desc') out.dir = search.dir
  if (typeof search.map === 'string' && mapKeySet.has(search.map)) out.map = search.map as MapMetric
  return out
}

/** Rows ordered by a column; countries without the figure go last in either direction. */
export function sortRows(rows: CompareRow[], sort: SortKey = 'country', dir: SortDir = 'asc', locale?: string): CompareRow[] {
  const sign = dir === 'asc' ? 1 : -1
  const byName = (a: CompareRow, b: CompareRow) => a.name.localeCompare(b.name, locale)
  if (sort === 'country') return [...rows].sort((a, b) => sign * byName(a, b))
  return [...rows].sort((a, b) => {
    const x = a.sort[sort] ?? null
    const y = b.sort[sort] ?? null
    if (x === null && y === null) return byName(a, b)
    if (x === null) return 1
    if (y === null) return -1
    return sign * (x - y) || byName(a, b)
  })
}

/** The direction a column's link sorts in: reversed when it is the current column. */
export function nextDir(current: CompareSearch, column: SortKey): SortDir {
  const active = (current.sort ?? 'country') === column
  return active && (current.dir ?? 'asc') === 'asc' ? 'desc' : 'asc'
}
