/**
 * The calculator's fields as a URL carries them, for the routes: every page's script holds this
 * module, so the reading and checking of the values (input.ts) stays in the calculator's own chunk.
 * Pure.
 */

/** The form's fields; `country` only on the comparison page, where the reader picks one. */
export const calcFields = ['country', 'price', 'kind', 'region', 'resident', 'main', 'area', 'rent', 'costs'] as const
export type CalcField = (typeof calcFields)[number]
export type CalcParams = Partial<Record<CalcField, string>>

/** The calculator's fields of a URL's search parameters, as strings. */
export function calcParams(search: Record<string, unknown>): CalcParams {
  const out: CalcParams = {}
  for (const field of calcFields) {
    const value = search[field]
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[field] = String(value)
  }
  return out
}

/** A URL with any of the calculator's fields is a result page: not indexed, not kept in shared caches. */
export const isCalcResult = (params: CalcParams) => Object.keys(params).length > 0
