/** The one-off cost lines' names in a locale: the calculator's result, the comparison's column and chart. */
import { m } from '../../paraglide/messages'
import type { Locale } from '../../paraglide/runtime'
import type { LineKey } from './types'

export const lineNames: Record<LineKey, (locale: Locale) => string> = {
  transferTax: (locale) => m.kf_fig_transferTax({}, { locale }),
  vat: (locale) => m.calc_line_vat({}, { locale }),
  stampDuty: (locale) => m.calc_line_stampDuty({}, { locale }),
  fixedTaxes: (locale) => m.calc_line_fixedTaxes({}, { locale }),
  notary: (locale) => m.kf_fig_notary({}, { locale }),
  registry: (locale) => m.kf_fig_registry({}, { locale }),
  legal: (locale) => m.kf_fig_legal({}, { locale }),
  agent: (locale) => m.kf_fig_agent({}, { locale }),
}
