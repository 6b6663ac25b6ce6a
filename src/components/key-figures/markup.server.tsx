/**
 * The comparison page's static parts drawn with React on the server once per content store and
 * locale, as markup: the table's rows, the three charts, the outline of Europe and the sources.
 * The page puts the markup in place and hydrates around it, so the browser runs no chart, map or
 * figure code (the page's initial JavaScript stays within a post's; decision 017).
 */
import { renderToStaticMarkup } from 'react-dom/server'
import type { BarChart, FigureCell, FigureKey, SourceNote } from '../../key-figures/types'
import { BarChartView } from './BarChartView'
import { FigureValue } from './FigureValue'
import { SourceNotes } from './SourceNotes'

/** A row's header and cells: the country (linking to its guide) and every column's figure. */
export function rowMarkup(row: { name: string; guideHref: string | null }, columns: FigureKey[], cells: Partial<Record<FigureKey, FigureCell>>) {
  return renderToStaticMarkup(
    <>
      <th scope="row" className="kf-sticky">
        {row.guideHref ? (
          <a href={row.guideHref} className="font-semibold underline underline-offset-4">
            {row.name}
          </a>
        ) : (
          row.name
        )}
      </th>
      {columns.map((key) => {
        const cell = cells[key]
        return <td key={key}>{cell && <FigureValue cell={cell} compact />}</td>
      })}
    </>,
  )
}

export function chartsMarkup(charts: Array<{ chart: BarChart; title: string; description: string }>) {
  return renderToStaticMarkup(
    <>
      {charts.map((c) => (
        <BarChartView key={c.title} {...c} />
      ))}
    </>,
    // Its own id prefix: the page's React ids are minted separately and must not collide.
    { identifierPrefix: 'kf-chart-' },
  )
}

/** Countries without figures: one outline, the same whatever the map is shaded by. */
export function landMarkup(shapes: string[]) {
  return renderToStaticMarkup(
    <>
      {shapes.map((d, i) => (
        <path key={i} d={d} className="kf-land" />
      ))}
    </>,
  )
}

export const sourcesMarkup = (sources: SourceNote[]) => renderToStaticMarkup(<SourceNotes sources={sources} />)
