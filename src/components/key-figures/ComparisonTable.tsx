import { m } from '../../paraglide/messages'
import { nextDir, type CompareSearch, type SortKey } from '../../key-figures/sort'
import type { GuideCountry } from '../../content/countries'
import type { FigureKey } from '../../key-figures/types'

/** A row as drawn once per content store and locale (markup.server.tsx): its header and cells. */
export type DrawnRow = { code: GuideCountry; html: string }

/**
 * The key figures by country, drawn on the server (markup.server.tsx) in the order the URL asks:
 * each column's name is a plain link the server answers with the table sorted by it.
 */
export function ComparisonTable(props: {
  rows: DrawnRow[]
  columns: FigureKey[]
  labels: Record<FigureKey, string>
  search: CompareSearch
  href: (search: CompareSearch) => string
}) {
  const { rows, columns, labels, search, href } = props
  const sort = search.sort ?? 'country'
  const dir = search.dir ?? 'asc'
  const header = (key: SortKey, label: string) => {
    const active = sort === key
    return (
      <th
        key={key}
        scope="col"
        aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
        className={key === 'country' ? 'kf-sticky' : undefined}
      >
        <a href={href({ ...search, sort: key, dir: nextDir(search, key) })} rel="nofollow" className="kf-sort">
          {label}
          <span aria-hidden="true" className="kf-arrow">
            {active ? (dir === 'asc' ? '↑' : '↓') : '↕'}
          </span>
          {active && <span className="sr-only"> ({dir === 'asc' ? m.kf_sort_asc() : m.kf_sort_desc()})</span>}
        </a>
      </th>
    )
  }
  return (
    <>
      <p className="text-sm text-ink-2">{m.kf_sort_hint()}</p>
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
              {columns.map((key) => header(key, labels[key]))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.code} data-country={row.code} dangerouslySetInnerHTML={{ __html: row.html }} />
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 max-w-3xl text-sm text-ink-2">{m.kf_method()}</p>
      <p className="mt-1 max-w-3xl text-sm text-ink-2">{m.kf_not_advice()}</p>
    </>
  )
}
