/** Why a buyer pays nothing for a charge (`because` beside `none: true`), in words (issue 37), rather than a bare "none". Pure. */
import { m } from '../paraglide/messages'
import type { Locale } from '../paraglide/runtime'
import type { Figure } from './schema'

const texts: Record<NonNullable<Figure['because']>, (locale: Locale) => string> = {
  'not-customary': (locale) => m.kf_none_not_customary({}, { locale }),
  included: (locale) => m.kf_none_included({}, { locale }),
  'seller-pays': (locale) => m.kf_none_seller_pays({}, { locale }),
}

/** The words for `because`, or null without one (the charge does not exist: the pages say "none" or "not charged"). */
export const noneText = (because: Figure['because'], locale: Locale): string | null => (because ? texts[because](locale) : null)
