/** How each locale presents itself: its own name, the flag shown beside it, its Open Graph locale. */
import type { Locale } from '../paraglide/runtime'

export type Language = { label: string; country: string; ogLocale: string }

export const languages = {
  en: { label: 'English', country: 'GB', ogLocale: 'en_GB' },
  de: { label: 'Deutsch', country: 'DE', ogLocale: 'de_DE' },
  pl: { label: 'Polski', country: 'PL', ogLocale: 'pl_PL' },
  es: { label: 'Español', country: 'ES', ogLocale: 'es_ES' },
  fr: { label: 'Français', country: 'FR', ogLocale: 'fr_FR' },
  it: { label: 'Italiano', country: 'IT', ogLocale: 'it_IT' },
  pt: { label: 'Português', country: 'PT', ogLocale: 'pt_PT' },
  nl: { label: 'Nederlands', country: 'NL', ogLocale: 'nl_NL' },
  sv: { label: 'Svenska', country: 'SE', ogLocale: 'sv_SE' },
  no: { label: 'Norsk', country: 'NO', ogLocale: 'nb_NO' },
  fi: { label: 'Suomi', country: 'FI', ogLocale: 'fi_FI' },
  cs: { label: 'Čeština', country: 'CZ', ogLocale: 'cs_CZ' },
  hu: { label: 'Magyar', country: 'HU', ogLocale: 'hu_HU' },
  ro: { label: 'Română', country: 'RO', ogLocale: 'ro_RO' },
  bg: { label: 'Български', country: 'BG', ogLocale: 'bg_BG' },
  el: { label: 'Ελληνικά', country: 'GR', ogLocale: 'el_GR' },
  sq: { label: 'Shqip', country: 'AL', ogLocale: 'sq_AL' },
  uk: { label: 'Українська', country: 'UA', ogLocale: 'uk_UA' },
} as const satisfies Record<Locale, Language>
