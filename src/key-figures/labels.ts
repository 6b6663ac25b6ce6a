import { m } from '../paraglide/messages'
import type { Locale } from '../paraglide/runtime'
import type { FigureKey } from './types'

/** A figure's name in `locale` (the request's when not given); the one-off costs name the example price. */
export function figureLabel(key: FigureKey, examplePrice: string, locale?: Locale): string {
  const o = locale ? { locale } : undefined
  switch (key) {
    case 'transferTax':
      return m.kf_fig_transferTax({}, o)
    case 'vatNewBuild':
      return m.kf_fig_vatNewBuild({}, o)
    case 'notary':
      return m.kf_fig_notary({}, o)
    case 'registry':
      return m.kf_fig_registry({}, o)
    case 'legal':
      return m.kf_fig_legal({}, o)
    case 'agent':
      return m.kf_fig_agent({}, o)
    case 'propertyTax':
      return m.kf_fig_propertyTax({}, o)
    case 'rentalTax':
      return m.kf_fig_rentalTax({}, o)
    case 'capitalGainsTax':
      return m.kf_fig_capitalGainsTax({}, o)
    case 'yieldCapital':
      return m.kf_fig_yieldCapital({}, o)
    case 'yieldCity':
      return m.kf_fig_yieldCity({}, o)
    case 'pricePerM2':
      return m.kf_fig_pricePerM2({}, o)
    case 'ltv':
      return m.kf_fig_ltv({}, o)
    case 'buyers':
      return m.kf_fig_buyers({}, o)
    case 'residence':
      return m.kf_fig_residence({}, o)
    case 'oneOff':
      return m.kf_fig_oneOff({ price: examplePrice }, o)
  }
}
