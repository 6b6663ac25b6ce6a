import { Link } from '@tanstack/react-router'
import { m } from '../../paraglide/messages'
import type { FigureCell, GuideFigures } from '../../key-figures/types'
import { FigureValue } from './FigureValue'
import { figureLabel } from './labels'

function label(cell: FigureCell, figures: GuideFigures) {
  if (cell.key === 'yieldCapital') return m.kf_yield_in({ city: figures.capital })
  if (cell.key === 'yieldCity') return m.kf_yield_in({ city: figures.city })
  if (cell.key === 'pricePerM2') return m.kf_price_in({ city: figures.capital })
  return figureLabel(cell.key, figures.examplePrice)
}

/** The guide's aside: market and access figures from the dataset, and the way to the comparison. */
export function KeyFiguresPanel({ figures }: { figures: GuideFigures }) {
  return (
    <section aria-labelledby="facts-heading" className="rounded-xl border border-line bg-surface-2 p-5" data-testid="key-figures-panel">
      <h2 id="facts-heading" className="eyebrow">
        {m.kf_guide_panel_title()}
      </h2>
      <dl className="mt-3 space-y-4 text-sm">
        {figures.panel.map((cell) => (
          <div key={cell.key}>
            <dt className="text-ink-2">{label(cell, figures)}</dt>
            <dd className="mt-0.5">
              <FigureValue cell={cell} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-5">
        <Link to="/blog/countries/compare" className="btn-secondary w-full justify-center text-sm" data-testid="compare-link">
          {m.kf_compare_link_long()}
        </Link>
      </p>
    </section>
  )
}

/** The costs table the guide's text shows where its Markdown has the `[[key-figures]]` marker. */
export function KeyFiguresCosts({ figures }: { figures: GuideFigures }) {
  return (
    <div className="my-8 max-w-[68ch] overflow-x-auto rounded-xl border border-line" data-testid="key-figures-costs">
      <table className="kf-table kf-costs w-full">
        <caption className="px-4 pt-4 text-left font-display text-lg font-semibold">{m.kf_guide_costs_title()}</caption>
        <thead>
          <tr>
            <th scope="col">{m.kf_item()}</th>
            <th scope="col">{m.kf_value()}</th>
          </tr>
        </thead>
        <tbody>
          {figures.costs.map((cell) => (
            <tr key={cell.key}>
              <th scope="row">{label(cell, figures)}</th>
              <td>
                <FigureValue cell={cell} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
