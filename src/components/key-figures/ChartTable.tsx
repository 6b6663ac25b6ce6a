import { m } from '../../paraglide/messages'

/** A chart's text alternative: the table it was drawn from, folded under the chart. */
export function ChartTable({ head, rows }: { head: string[]; rows: string[][] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-accent">{m.kf_chart_table()}</summary>
      <div className="mt-2 overflow-x-auto">
        <table className="kf-data w-full">
          <thead>
            <tr>
              {head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, ...cells]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                {cells.map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  )
}
