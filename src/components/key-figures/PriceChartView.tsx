import { useId } from 'react'
import { ChartLegend } from './ChartLegend'
import { m } from '../../paraglide/messages'
import { PRICE_CHART, type PriceChart } from '../../key-figures/price-chart'
import { ChartTable } from './ChartTable'

/** A guide's price-index chart laid out on the server (src/key-figures/price-chart.ts): two lines, the latest change in words, the quarters as a table. */
export function PriceChartView({ chart }: { chart: PriceChart }) {
  const id = useId()
  const bottom = PRICE_CHART.HEIGHT - PRICE_CHART.BOTTOM
  return (
    <figure className="kf-chart mt-4 rounded-xl border border-line bg-surface-2 p-4" data-testid="price-chart">
      <figcaption>
        <span id={`${id}-desc`} className="block text-sm text-ink-2">
          {m.kf_prices_desc()}
        </span>
        {chart.latest && (
          <span className="mt-2 block font-semibold" data-testid="price-latest">
            {chart.latest}
          </span>
        )}
      </figcaption>
      <ChartLegend items={chart.lines} swatch="line" />
      <svg
        viewBox={`-2 -2 ${chart.width + 4} ${chart.height + 4}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className="mt-3 h-auto w-full max-w-xl overflow-visible"
      >
        <title id={`${id}-title`}>{[m.kf_prices_title(), chart.latest].filter(Boolean).join('. ')}</title>
        {chart.yTicks.map((t) => (
          <g key={t.y}>
            <line x1={PRICE_CHART.LEFT} x2={chart.width - PRICE_CHART.RIGHT} y1={t.y} y2={t.y} className="kf-grid" />
            <text x={PRICE_CHART.LEFT - 4} y={t.y + 4} textAnchor="end" className="kf-tick">
              {t.label}
            </text>
          </g>
        ))}
        {chart.xTicks.map((t) => (
          <g key={t.x}>
            <line x1={t.x} x2={t.x} y1={bottom} y2={bottom + 4} className="kf-grid" />
            <text x={t.x} y={bottom + 16} textAnchor="middle" className="kf-tick">
              {t.label}
            </text>
          </g>
        ))}
        {chart.lines.map((line) => (
          <g key={line.label}>
            <path d={line.d} className={line.className} />
            <circle cx={line.last.x} cy={line.last.y} r={2.5} className={`${line.className} kf-dot`} />
          </g>
        ))}
      </svg>
      <p className="mt-3 text-xs text-ink-2">
        {m.kf_prices_source()}{' '}
        <a href={chart.source.url} rel="external noopener noreferrer" className="link break-words">
          {chart.source.publisher}: {chart.source.title}
        </a>
        . {m.kf_prices_retrieved({ date: chart.source.retrieved })}
      </p>
      <ChartTable head={chart.table.head} rows={chart.table.rows} />
    </figure>
  )
}
