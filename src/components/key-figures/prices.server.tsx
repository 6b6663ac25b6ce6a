/**
 * A guide's price-trend section drawn on the server as markup (decision 026), like the comparison's
 * charts (markup.server.tsx): the browser runs no chart code.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import type { PriceTrendData } from '../../key-figures/guide-figures'
import { m } from '../../paraglide/messages'
import type { Locale } from '../../paraglide/runtime'
import { PriceChartView } from './PriceChartView'

/** The chart, or for Albania the sentence saying BIS does not cover it; null without a trend. */
export function priceTrendMarkup(trend: PriceTrendData | null, locale: Locale): string | null {
  if (!trend) return null
  if (trend.kind === 'not-covered')
    return renderToStaticMarkup(
      <p className="mt-3 max-w-[68ch] text-ink-2" data-testid="price-not-covered">
        {m.kf_prices_not_covered_al({}, { locale })}
      </p>,
    )
  // Its own id prefix: the page's React ids are minted separately and must not collide.
  return renderToStaticMarkup(<PriceChartView chart={trend.chart} />, { identifierPrefix: 'kf-prices-' })
}
