import type { ReactNode } from 'react'
import { m } from '../../paraglide/messages'
import type { GuideCountry } from '../../content/countries'
import type { CompareSearch } from '../../key-figures/sort'
import type { ColumnKey, CompareRow, FigureKey } from '../../key-figures/types'
import { SortHeader } from './SortHeader'

/** A row as drawn once per content store and locale (markup.server.tsx): its header and cells. */
export type DrawnRow = { code: GuideCountry; html: string }

/** A table in its own horizontal scroll box, named by its caption (the page itself never scrolls sideways). */
function ScrollTable({ id, caption, className, children }: { id: string; caption: string; className: string; children: ReactNode }) {
  return (
    <div
      id={id}
      className="kf-scroll mt-4 overflow-x-auto rounded-xl border border-line"
      role="region"
      aria-labelledby={`${id}-caption`}
      tabIndex={0}
    >
      <table className={className}>
        <caption id={`${id}-caption`} className="sr-only">
          {caption}
        </caption>
        {children}
      </table>
    </div>
  )
}

/**
 * The comparison's tables, drawn on the server (markup.server.tsx) in the order the URL asks (issue
 * 38): first the figures readers compare most, values only, each column's name a link the server
 * answers with the table sorted by it; then, one step away, every figure of every country with its
 * lines, note, month and source.
 */
export function ComparisonTable(props: {
  compact: CompareRow[]
  compactColumns: ColumnKey[]
  rows: DrawnRow[]
  columns: FigureKey[]
  labels: Record<ColumnKey, string>
  search: CompareSearch
  href: (search: CompareSearch) => string
}) {
  const { compact, compactColumns, rows, columns, labels, search, href } = props
  return (
    <>
      <p className="text-sm text-ink-2">{m.kf_sort_hint()}</p>
      <ScrollTable id="kf-table" caption={m.kf_compact_caption()} className="kf-table kf-compact">
        <thead>
          <tr>
            <SortHeader column="country" label={m.kf_country()} search={search} href={href} />
            {compactColumns.map((key) => (
              <SortHeader key={key} column={key} label={labels[key]} search={search} href={href} />
            ))}
          </tr>
        </thead>
        <tbody>
          {compact.map((row) => (
            <tr key={row.code} data-row={row.code}>
              <th scope="row" className="kf-sticky">
                <a href={`#kf-country-${row.code}`} className="font-semibold underline underline-offset-4">
                  {row.name}
                </a>
              </th>
              {compactColumns.map((key) => (
                <td key={key} data-column={key} className={row.text[key] == null ? 'kf-na' : 'tabular-nums'}>
                  {row.text[key] ?? m.kf_not_available()}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <p className="mt-3 max-w-3xl text-sm text-ink-2">{m.kf_method()}</p>
      <p className="mt-1 max-w-3xl text-sm text-ink-2">{m.kf_not_advice()}</p>
      <details id="kf-all" className="kf-details mt-6">
        <summary className="font-display text-lg font-semibold">{m.kf_all_figures()}</summary>
        <ScrollTable id="kf-full" caption={m.kf_table_caption()} className="kf-table">
          <thead>
            <tr>
              <th scope="col" className="kf-sticky">
                {m.kf_country()}
              </th>
              {columns.map((key) => (
                <th key={key} scope="col">
                  {labels[key]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.code} data-country={row.code} id={`kf-country-${row.code}`} dangerouslySetInnerHTML={{ __html: row.html }} />
            ))}
          </tbody>
        </ScrollTable>
      </details>
    </>
  )
}
