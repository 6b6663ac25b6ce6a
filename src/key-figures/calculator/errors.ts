/** A calculator error in the page's language. */
import { m } from '../../paraglide/messages'
import type { Locale } from '../../paraglide/runtime'
import type { CalcError, CalcField } from './input'

export function errorText(error: CalcError, locale: Locale): string {
  switch (error) {
    case 'required':
      return m.calc_error_required({}, { locale })
    case 'number':
      return m.calc_error_number({}, { locale })
    case 'negative':
      return m.calc_error_negative({}, { locale })
    case 'zero':
      return m.calc_error_zero({}, { locale })
    case 'too-large':
      return m.calc_error_too_large({}, { locale })
    case 'choice':
      return m.calc_error_choice({}, { locale })
    case 'unknown-region':
      return m.calc_error_unknown_region({}, { locale })
  }
}

export const errorTexts = (errors: Partial<Record<CalcField, CalcError>>, locale: Locale) =>
  Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, errorText(error, locale)])) as Partial<Record<CalcField, string>>

/** The regions a country's transfer tax differs by: the capital's first. */
export function regionsOf(figures: { figures: { transferTax?: { region?: string; regions?: Array<{ name: string }> } } }): string[] {
  const t = figures.figures.transferTax
  return t?.region ? [t.region, ...(t.regions ?? []).map((r) => r.name)] : []
}

/**
 * On the comparison the region list holds every country's regions: one of another country's is
 * left out for the chosen country (its default applies); a region of no country stays, and is refused.
 */
export function forCountry<P extends { region?: string }>(
  params: P,
  page: { figures: Parameters<typeof regionsOf>[0] },
  pages: Array<{ figures: Parameters<typeof regionsOf>[0] }>,
): P {
  const region = params.region
  if (!region || pages.length < 2 || regionsOf(page.figures).includes(region)) return params
  if (!pages.some((p) => regionsOf(p.figures).includes(region))) return params
  const rest = { ...params }
  delete rest.region
  return rest
}
