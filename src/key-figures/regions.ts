/**
 * A region's or state's name in the page's language (issue 38: "Sofia Municipality" and "New York
 * State" were English on translated pages). The dataset writes each name once, as the source does;
 * `content/key-figures/translations/<locale>.yaml` gives it per language under
 * `<CC>.regions.<name without spaces or accents>`. The English name stays the value the calculator
 * sends and compares; only what is printed changes.
 */
import type { Locale } from '../paraglide/runtime'

/** The translation key of a region name: `US.regions.NewYorkState`, `ES.regions.Andalucia`. */
export function regionKey(country: string, name: string): string {
  return `${country}.regions.${name.normalize('NFD').replace(/[^A-Za-z0-9]/g, '')}`
}

/** The name as the locale writes it, or as the dataset does where no translation is given. */
export function regionName(notes: Partial<Record<Locale, Record<string, string>>>, locale: Locale, country: string, name: string): string {
  if (locale === 'en') return name
  return notes[locale]?.[regionKey(country, name)] ?? name
}
