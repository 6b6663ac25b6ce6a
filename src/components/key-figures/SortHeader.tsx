import { m } from '../../paraglide/messages'
import { nextDir, type CompareSearch, type SortKey } from '../../key-figures/sort'

/** A column's name as a plain link the server answers with the table sorted by it (again: reversed). */
export function SortHeader({
  column,
  label,
  search,
  href,
}: {
  column: SortKey
  label: string
  search: CompareSearch
  href: (search: CompareSearch) => string
}) {
  const sort = search.sort ?? 'country'
  const dir = search.dir ?? 'asc'
  const active = sort === column
  return (
    <th
      scope="col"
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
      className={column === 'country' ? 'kf-sticky' : undefined}
    >
      <a href={href({ ...search, sort: column, dir: nextDir(search, column) })} rel="nofollow" className="kf-sort">
        {label}
        <span aria-hidden="true" className="kf-arrow">
          {active ? (dir === 'asc' ? '↑' : '↓') : '↕'}
        </span>
        {active && <span className="sr-only"> ({dir === 'asc' ? m.kf_sort_asc() : m.kf_sort_desc()})</span>}
      </a>
    </th>
  )
}
