/**
 * The calculator's form as the URL carries it (`?price=180000&kind=resale&rent=900`), read and
 * checked: every bad value gets a reason the page words in the reader's language, never an
 * exception. Pure; the server answers a form with errors 400, the browser shows them as typed.
 */
import { calcFields, type CalcField, type CalcParams } from './params'
import type { CalcInput, Kind } from './types'

export type CalcError = 'required' | 'number' | 'negative' | 'zero' | 'too-large' | 'choice' | 'unknown-region'

/** Upper bounds: a typing slip, not a price. */
const LIMITS = { price: 100_000_000, rent: 1_000_000, costs: 10_000_000, area: 100_000 } as const

export type ParsedCalc = {
  /** The form was sent (any of its fields is in the URL). */
  submitted: boolean
  input: CalcInput | null
  errors: Partial<Record<CalcField, CalcError>>
  /** The values as typed, for the form to show back (cut to a sane length). */
  values: CalcParams
}

const grouped = /^\d{1,3}(?:[ .,'’\u00a0\u202f]\d{3})+$/

/** A whole amount as people type it: 180000, 180 000, 180.000, 180,000. */
export function parseAmount(raw: string, max: number): { value: number } | { error: CalcError } {
  const text = raw.trim()
  if (text === '') return { error: 'required' }
  if (text.length > 20) return { error: 'too-large' }
  if (/^-\s*\d/.test(text)) return { error: 'negative' }
  const digits = /^\d+$/.test(text) ? text : grouped.test(text) ? text.replace(/\D/g, '') : null
  if (digits === null) return { error: 'number' }
  const value = Number(digits)
  if (value > max) return { error: 'too-large' }
  return { value }
}

export function parseCalc(params: CalcParams, regions: string[]): ParsedCalc {
  const values: CalcParams = Object.fromEntries(Object.entries(params).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v.slice(0, 40)]] : [])))
  const submitted = calcFields.some((f) => params[f] !== undefined)
  const errors: ParsedCalc['errors'] = {}
  const amount = (field: 'price' | 'rent' | 'costs' | 'area', optional: boolean) => {
    const raw = params[field]
    if (raw === undefined || (optional && raw.trim() === '')) return null
    const parsed = parseAmount(raw, LIMITS[field])
    if ('error' in parsed) {
      errors[field] = parsed.error
      return null
    }
    if (parsed.value === 0 && !optional) errors[field] = 'zero'
    return parsed.value
  }
  const price = amount('price', false)
  if (params.price === undefined && submitted) errors.price = 'required'
  const choice = <T extends string>(field: CalcField, allowed: readonly T[], fallback: T): T => {
    const raw = params[field]
    if (raw === undefined || raw === '') return fallback
    if ((allowed as readonly string[]).includes(raw)) return raw as T
    errors[field] = 'choice'
    return fallback
  }
  const kind = choice<Kind>('kind', ['resale', 'new'], 'resale')
  const resident = choice('resident', ['yes', 'no'], 'no') === 'yes'
  const mainHome = choice('main', ['yes', 'no'], 'no') === 'yes'
  let region: string | null = null
  if (params.region !== undefined && params.region !== '') {
    if (regions.includes(params.region)) region = params.region
    else errors.region = 'unknown-region'
  }
  const area = amount('area', true)
  const rent = amount('rent', true)
  const costs = amount('costs', true)
  const ok = submitted && Object.keys(errors).length === 0 && price !== null
  return { submitted, errors, values, input: ok ? { price: price!, kind, region, resident, mainHome, area, rent, costs } : null }
}

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
