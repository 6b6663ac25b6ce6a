import { m } from '../paraglide/messages'
import type { Locale } from '../paraglide/runtime'
import type { FigureKey } from './types'

/** Each figure's name as a message; the one-off costs name the example price. */
const names: Record<Exclude<FigureKey, 'oneOff'>, (inputs: object, options?: { locale: Locale }) => string> = {
  transferTax: m.kf_fig_transferTax,
  vatNewBuild: m.kf_fig_vatNewBuild,
  notary: m.kf_fig_notary,
  registry: m.kf_fig_registry,
  legal: m.kf_fig_legal,
  agent: m.kf_fig_agent,
  propertyTax: m.kf_fig_propertyTax,
  rentalTax: m.kf_fig_rentalTax,
  capitalGainsTax: m.kf_fig_capitalGainsTax,
  yieldCapital: m.kf_fig_yieldCapital,
  yieldCity: m.kf_fig_yieldCity,
  pricePerM2: m.kf_fig_pricePerM2,
  ltv: m.kf_fig_ltv,
  buyers: m.kf_fig_buyers,
  residence: m.kf_fig_residence,
}

/** A figure's name in `locale` (the request's when not given). */
export function figureLabel(key: FigureKey, examplePrice: string, locale?: Locale): string {
  const options = locale ? { locale } : undefined
  return key === 'oneOff' ? m.kf_fig_oneOff({ price: examplePrice }, options) : names[key]({}, options)
}
