import { useId } from 'react'
import { ChartLegend } from './ChartLegend'
import { CHART_ROW } from '../../key-figures/chart-layout'
import type { BarChart } from '../../key-figures/types'
import { ChartTable } from './ChartTable'

/** A chart laid out on the server (src/key-figures/charts.ts), drawn as SVG, with its data as a table. */
export function BarChartView({ chart, title, description }: { chart: BarChart; title: string; description: string }) {
  const id = useId()
  const { LABEL, BAR } = CHART_ROW
  const plotHeight = chart.height - CHART_ROW.AXIS
  return (
    <figure className="kf-chart rounded-xl border border-line bg-surface-2 p-4">
      <figcaption>
        <span id={`${id}-title`} className="block font-display text-lg font-semibold">
          {title}
        </span>
        <span id={`${id}-desc`} className="mt-1 block text-sm text-ink-2">
          {description}
        </span>
      </figcaption>
      {chart.legend.length > 0 && <ChartLegend items={chart.legend} swatch="bar" />}
      <svg
        viewBox={`-2 -2 ${chart.width + 4} ${chart.height + 4}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="mt-3 h-auto w-full max-w-md overflow-visible"
      >
        {chart.ticks.map((t) => (
          <g key={t.x}>
            <line x1={t.x} x2={t.x} y1={0} y2={plotHeight} className="kf-grid" />
            <text x={t.x} y={plotHeight + 15} textAnchor={t.x === 0 ? 'start' : t.x >= chart.width - 1 ? 'end' : 'middle'} className="kf-tick">
              {t.label}
            </text>
          </g>
        ))}
        {chart.rows.map((row) => (
          <g key={row.label} transform={`translate(0 ${row.y})`}>
            <text y={12} className="kf-label">
              {row.label}
            </text>
            <text y={LABEL - 5} className="kf-value">
              {row.value}
            </text>
            {row.bars.map((bar) => (
              <rect
                key={bar.title}
                x={bar.x}
                y={LABEL + bar.lane * (BAR + 4)}
                width={Math.max(0, bar.width)}
                height={BAR}
                rx={2}
                className={bar.className}
              >
                <title>{bar.title}</title>
              </rect>
            ))}
          </g>
        ))}
      </svg>
      <ChartTable head={chart.table.head} rows={chart.table.rows} />
    </figure>
  )
}
