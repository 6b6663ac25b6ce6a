/** The dataset's texts a translation gives, by key. Pure. */
import { valueKeys } from './keys'
import { regionKey } from './regions'
import type { CountryFigures } from './schema'

/** Every English text of a country's file a translation may give, by its key: `GR.figures.transferTax`, `GR.capital`. */
export function translatableTexts(country: CountryFigures): Map<string, string> {
  const texts = new Map<string, string>()
  const cc = country.country
  texts.set(`${cc}.capital`, country.capital)
  texts.set(`${cc}.city`, country.city)
  for (const key of valueKeys) {
    const figure = country.figures[key]
    if (figure?.note) texts.set(`${cc}.figures.${key}`, figure.note)
    figure?.reduced?.forEach((r, i) => texts.set(`${cc}.figures.${key}.reduced.${i}`, r.note))
    // A temporary value's successor (temporal.ts): its texts take the figure's keys when it applies.
    if (figure?.then?.note) texts.set(`${cc}.figures.${key}.then`, figure.then.note)
    figure?.then?.reduced?.forEach((r, i) => texts.set(`${cc}.figures.${key}.then.reduced.${i}`, r.note))
    // Region and state names, once per name (regions.ts).
    for (const name of [figure?.region, ...(figure?.regions ?? []).map((r) => r.name)]) if (name) texts.set(regionKey(cc, name), name)
  }
  if (country.buyers?.note) texts.set(`${cc}.buyers`, country.buyers.note)
  if (country.residence?.note) texts.set(`${cc}.residence`, country.residence.note)
  country.residence?.thresholds?.forEach((t, i) => texts.set(`${cc}.residence.thresholds.${i}`, t.note))
  return texts
}
