import { Link } from '@tanstack/react-router'
import { m } from '../../paraglide/messages'
import { getLocale } from '../../i18n/locale'
import { nextDir, sortRows, type CompareSearch, type SortKey } from '../../key-figures/sort'
import type { Comparison } from '../../key-figures/types'
import { figureLabel } from './labels'

/** The key figures by country, sortable by any column through links the server answers. */
export function ComparisonTable({ data, search }: { data: Comparison; search: CompareSearch }) {
  const sort = search.sort ?? 'country'
  const dir = search.dir ?? 'asc'
  const rows = sortRows(data.rows, sort, dir, getLocale())
  const header = (key: SortKey, label: string, scope: 'col' = 'col') => {
    const active = sort === key
    return (
      <th
        key={key}
        scope={scope}
        aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
        className={key === 'country' ? 'kf-sticky' : undefined}
      >
        <Link
          to="/blog/countries/compare"
          search={{ ...search, sort: key, dir: nextDir(search, key) }}
          hash="kf-table"
          resetScroll={false}
          rel="nofollow"
          className="kf-sort"
        >
          {label}
          <span aria-hidden="true" className="kf-arrow">
            {active ? (dir === 'asc' ? '↑' : '↓') : '↕'}
          </span>
          {active && <span className="sr-only"> ({dir === 'asc' ? m.kf_sort_asc() : m.kf_sort_desc()})</span>}
        </Link>
      </th>
    )
  }
  return (
    <div
      id="kf-table"
      className="kf-scroll mt-4 overflow-x-auto rounded-xl border border-line"
      role="region"
      aria-labelledby="kf-table-caption"
      tabIndex={0}
    >
      <table className="kf-table">
        <caption id="kf-table-caption" className="sr-only">
          {m.kf_table_caption()}
        </caption>
        <thead>
          <tr>
            {header('country', m.kf_country())}
            {data.columns.map((key) => header(key, figureLabel(key, data.examplePrice)))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            // The row's cells are drawn on the server (markup.server.tsx); the browser only orders rows.
            <tr key={row.code} data-country={row.code} dangerouslySetInnerHTML={{ __html: row.html }} />
          ))}
        </tbody>
      </table>
    </div>
  )
}
