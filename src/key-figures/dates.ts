/** The months a country's values were true for. Pure. */
import type { CountryFigures } from './schema'

/** Every dated value of a country, by field: its figures (`figures.transferTax`), who may buy, residence. */
export function datedFields(country: CountryFigures): Array<{ field: string; asOf: string }> {
  const fields = Object.entries(country.figures).flatMap(([key, figure]) => (figure ? [{ field: `figures.${key}`, asOf: figure.asOf }] : []))
  if (country.buyers) fields.push({ field: 'buyers', asOf: country.buyers.asOf })
  if (country.residence) fields.push({ field: 'residence', asOf: country.residence.asOf })
  return fields
}

/** The newest of these months (YYYY-MM), or null. */
export const newestMonth = (fields: Array<{ asOf: string }>) =>
  fields
    .map((f) => f.asOf)
    .sort()
    .at(-1) ?? null

/** A figure's field, not who may buy or residence. */
export const isFigure = (f: { field: string }) => f.field.startsWith('figures.')
