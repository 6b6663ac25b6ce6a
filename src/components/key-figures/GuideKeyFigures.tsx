import { Link } from '@tanstack/react-router'
import { m } from '../../paraglide/messages'
import type { FigureCell, GuideFigures } from '../../key-figures/types'
import { FigureValue } from './FigureValue'
import { figureLabel } from '../../key-figures/labels'

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

/** Where the guide's panel, costs table and calculator are, for links and the table of contents. */
export const GUIDE_ANCHORS = {
  panel: 'facts-heading',
  costs: 'kf-costs',
  prices: 'price-trend',
  calculator: 'calculator',
  sources: 'kf-sources',
} as const

/**
 * The headline figures near the top of a guide (issue 38: on a phone the panel and the calculator
 * were at the very bottom): the one-off costs of the example resale, the non-resident rental tax and
 * the capital's gross yield, where the dataset has them, with the way to the panel and the calculator.
 */
export function KeyFiguresSummary({ figures }: { figures: GuideFigures }) {
  const picked = [
    figures.panel.find((c) => c.key === 'oneOff'),
    figures.costs.find((c) => c.key === 'rentalTax'),
    figures.panel.find((c) => c.key === 'yieldCapital'),
  ]
  const shown = picked.filter((cell): cell is FigureCell => cell !== undefined && cell.text !== null)
  return (
    <section
      aria-labelledby="kf-summary"
      className="rounded-xl border border-line bg-surface-2 p-4 sm:p-5 lg:hidden"
      data-testid="key-figures-summary"
    >
      <h2 id="kf-summary" className="eyebrow">
        {m.kf_guide_panel_title()}
      </h2>
      {shown.length > 0 && (
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
          {shown.map((cell) => (
            <div key={cell.key}>
              <dt className="text-ink-2">{label(cell, figures)}</dt>
              <dd className="mt-0.5 font-semibold">
                {cell.text}
                {/* The one-off costs with their amount and, where parts have no sourced figure, which. */}
                {cell.key === 'oneOff' && cell.details.length > 0 ? (
                  <span className="block text-xs font-normal text-ink-2">{cell.details.join(' · ')}</span>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
        <a href={`#${GUIDE_ANCHORS.panel}`} className="link">
          {m.kf_guide_panel_title()} <span aria-hidden="true">↓</span>
        </a>
        <a href={`#${GUIDE_ANCHORS.calculator}`} className="link">
          {m.calc_title()} <span aria-hidden="true">↓</span>
        </a>
      </p>
    </section>
  )
}

/** The costs table the guide's text shows where its Markdown has the `[[key-figures]]` marker. */
export function KeyFiguresCosts({ figures }: { figures: GuideFigures }) {
  return (
    <div id={GUIDE_ANCHORS.costs} className="my-8 max-w-[68ch] overflow-x-auto rounded-xl border border-line" data-testid="key-figures-costs">
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
