/** A calculator error in the page's language. */
import { m } from '../../paraglide/messages'
import type { Locale } from '../../paraglide/runtime'
import type { CalcError } from './input'
import type { CalcField } from './params'

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
