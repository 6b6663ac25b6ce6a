/** A country's values with their months (decision 017): when each took effect and when it was last checked. Pure. */
import type { CountryFigures } from './schema'

export type DatedField = { field: string; effective: string; checked: string }

/** Every dated value of a country, by field: its figures (`figures.transferTax`), who may buy, residence. */
export function datedFields(country: CountryFigures): DatedField[] {
  const fields: DatedField[] = Object.entries(country.figures).flatMap(([key, figure]) =>
    figure ? [{ field: `figures.${key}`, effective: figure.effective, checked: figure.checked }] : [],
  )
  if (country.buyers) fields.push({ field: 'buyers', effective: country.buyers.effective, checked: country.buyers.checked })
  if (country.residence) fields.push({ field: 'residence', effective: country.residence.effective, checked: country.residence.checked })
  return fields
}

/** The newest month (YYYY-MM) the values were checked, or null: what a page's "checked" line prints. */
export const newestChecked = (fields: Array<{ checked: string }>) =>
  fields
    .map((f) => f.checked)
    .sort()
    .at(-1) ?? null

/** A figure's field, not who may buy or residence. */
export const isFigure = (f: { field: string }) => f.field.startsWith('figures.')
