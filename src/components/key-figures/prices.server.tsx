/**
 * A guide's price-trend section drawn on the server as markup (decision 026), like the comparison's
 * charts (markup.server.tsx): the browser runs no chart code.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { m } from '../../paraglide/messages'
import type { Locale } from '../../paraglide/runtime'
import { priceChart } from '../../key-figures/price-chart'
import { isPriceCountry, type PriceSnapshot } from '../../key-figures/prices'
import { PriceChartView } from './PriceChartView'

/** The chart for a country BIS covers; for Albania, the sentence saying it does not; null without a snapshot. */
export function priceTrendMarkup(snapshot: PriceSnapshot | null, code: string, locale: Locale): string | null {
  if (!snapshot) return null
  if (!isPriceCountry(code)) {
    if (code !== 'AL' || !snapshot.notCovered.includes(code)) return null
    return renderToStaticMarkup(
      <p className="mt-3 max-w-[68ch] text-ink-2" data-testid="price-not-covered">
        {m.kf_prices_not_covered_al({}, { locale })}
      </p>,
    )
  }
  // Its own id prefix: the page's React ids are minted separately and must not collide.
  return renderToStaticMarkup(<PriceChartView chart={priceChart(snapshot, code, locale)} />, { identifierPrefix: 'kf-prices-' })
}
