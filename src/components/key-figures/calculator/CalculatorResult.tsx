import { formatMoney, formatPercent } from '../../../i18n/format'
import { m } from '../../../paraglide/messages'
import type { Locale } from '../../../paraglide/runtime'
import { lineNames } from '../../../key-figures/calculator/names'
import type { CalcResult } from '../../../key-figures/calculator/types'

/**
 * The calculator's answer: each one-off cost with its rule and source note, the total and its
 * share, the yields. Drawn on the server for the form without JavaScript, in the browser as the
 * reader types (live.tsx); the same component both ways.
 */
export function CalculatorResult({
  result,
  locale,
  sources,
  month,
}: {
  result: CalcResult
  locale: Locale
  sources: Partial<Record<string, number>>
  month: string
}) {
  const money = (v: number) => formatMoney(Math.round(v), locale)
  const pct = (v: number) => formatPercent(v / 100, locale)
  return (
    <div className="calc-result" aria-live="polite">
      <h3 className="font-display text-lg font-semibold">{m.calc_result_title()}</h3>
      <table className="kf-table mt-2 w-full">
        <tbody>
          {result.lines.map((line) => {
            const source = line.figure ? sources[line.figure] : undefined
            return (
              <tr key={line.key} data-line={line.key}>
                <th scope="row">
                  {lineNames[line.key](locale)}
                  <span className="block text-xs font-normal text-ink-2">
                    {line.rule}
                    {source !== undefined && (
                      <>
                        {' '}
                        <a href={`#source-${source}`} className="kf-ref" aria-label={m.kf_source_ref({ n: String(source) })}>
                          [{source}]
                        </a>
                      </>
                    )}
                  </span>
                </th>
                <td className="text-right tabular-nums">{money(line.amount)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {/* A total only when every cost has a sourced figure (issue 37): never a sum of some costs shown as the whole. */}
      {result.missing.length > 0 ? (
        <p className="mt-3 font-semibold" data-calc-total="">
          {m.calc_no_total({ items: result.missing.map((key) => lineNames[key](locale)).join(', ') })}
        </p>
      ) : (
        <p className="mt-3 font-semibold" data-calc-total={Math.round(result.total)}>
          {m.calc_total({ amount: money(result.total), share: formatPercent(result.share, locale) })}
        </p>
      )}
      {result.yields && (
        <dl className="calc-yields mt-4">
          <div>
            <dt>{m.calc_yield_gross()}</dt>
            <dd data-yield="gross">{pct(result.yields.gross)}</dd>
          </div>
          {result.yields.net !== null && (
            <div>
              <dt>{m.calc_yield_net()}</dt>
              <dd data-yield="net">{pct(result.yields.net)}</dd>
            </div>
          )}
          {result.yields.afterTax !== null && (
            <div>
              <dt>{m.calc_yield_after_tax()}</dt>
              <dd data-yield="after-tax">
                {pct(result.yields.afterTax)}
                <span className="block text-xs font-normal text-ink-2">{m.calc_tax_year({ amount: money(result.yields.tax ?? 0) })}</span>
              </dd>
            </div>
          )}
        </dl>
      )}
      {result.yields && (
        <p className="mt-2 text-xs text-ink-2" data-yield="basis">
          {m.calc_yield_basis()}
        </p>
      )}
      <p className="mt-4 text-xs text-ink-2">{m.calc_disclaimer({ month })}</p>
    </div>
  )
}
