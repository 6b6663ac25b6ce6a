import { m } from '../../paraglide/messages'
import type { FigureKey } from '../../key-figures/types'

/** A figure's name in the page's language; the one-off costs name the example price. */
export function figureLabel(key: FigureKey, examplePrice: string): string {
  switch (key) {
    case 'transferTax':
      return m.kf_fig_transferTax()
    case 'vatNewBuild':
      return m.kf_fig_vatNewBuild()
    case 'notary':
      return m.kf_fig_notary()
    case 'registry':
      return m.kf_fig_registry()
    case 'legal':
      return m.kf_fig_legal()
    case 'agent':
      return m.kf_fig_agent()
    case 'propertyTax':
      return m.kf_fig_propertyTax()
    case 'rentalTax':
      return m.kf_fig_rentalTax()
    case 'capitalGainsTax':
      return m.kf_fig_capitalGainsTax()
    case 'yieldCapital':
      return m.kf_fig_yieldCapital()
    case 'yieldCity':
      return m.kf_fig_yieldCity()
    case 'pricePerM2':
      return m.kf_fig_pricePerM2()
    case 'ltv':
      return m.kf_fig_ltv()
    case 'buyers':
      return m.kf_fig_buyers()
    case 'residence':
      return m.kf_fig_residence()
    case 'oneOff':
      return m.kf_fig_oneOff({ price: examplePrice })
  }
}
