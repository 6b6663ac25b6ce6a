import { guidePartId } from '../../page-data/loaders'
import { m } from '../../paraglide/messages'

/** The guide's price-trend section: its heading, and the chart the server drew (prices.server.tsx). */
export function PriceTrend({ html }: { html: string }) {
  return (
    <section aria-labelledby="price-trend" className="mt-12" data-testid="price-trend">
      <h2 id="price-trend" className="font-display text-2xl font-semibold">
        {m.kf_prices_title()}
      </h2>
      <div id={guidePartId('prices')} dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  )
}
