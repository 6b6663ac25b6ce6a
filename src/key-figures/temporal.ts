/**
 * Temporary values (decision 017): a figure with `endsOn` and `then` gives way to its successor
 * on that day, by itself. The live content store applies this at the time it is built and is
 * built again when the next such day comes (src/content/visibility.ts), so pages, the calculator and
 * the downloads all show the successor from then without an edit or a restart. Pure: the day is
 * passed in, so tests choose it.
 */
import { valueKeys } from './keys'
import type { Dataset } from './load.server'
import type { BareValue, CountryFigures, Figure, Successor } from './schema'

const bare = (v: Figure | Successor): BareValue => {
  const { rate, rateRange, brackets, amount, amountRange, currency, none } = v
  return Object.fromEntries(Object.entries({ rate, rateRange, brackets, amount, amountRange, currency, none }).filter(([, x]) => x !== undefined))
}

/** The midnight (UTC) a day begins, in ms. */
export const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`)

/** The figure as it applies on `today` (YYYY-MM-DD): itself, or its successor with the change added to its history. */
function figureOn(figure: Figure, today: string): Figure {
  if (!figure.endsOn || !figure.then || today < figure.endsOn) return figure
  const { then } = figure
  return {
    ...then,
    history: [
      ...(figure.history ?? []),
      { date: figure.endsOn, old: bare(figure), new: bare(then), oldSource: figure.source, source: then.source, note: 'A temporary rule ended' },
      ...(then.history ?? []),
    ],
  }
}

/** A country's figures as they apply on `today`; the same object when nothing has ended. */
function countryOn(country: CountryFigures, today: string): CountryFigures {
  let changed = false
  const figures = { ...country.figures }
  for (const key of valueKeys) {
    const figure = country.figures[key]
    if (!figure) continue
    const now = figureOn(figure, today)
    if (now !== figure) {
      figures[key] = now
      changed = true
    }
  }
  return changed ? { ...country, figures } : country
}

/**
 * The translations once figures have ended: a successor's texts (`GR.figures.capitalGainsTax.then`)
 * take the figure's keys, and the ended value's texts go, so no page prints the old note.
 */
function notesAfter(notes: Dataset['notes'], ended: string[]): Dataset['notes'] {
  if (!ended.length) return notes
  const out: Dataset['notes'] = {}
  for (const [locale, texts] of Object.entries(notes) as Array<[keyof Dataset['notes'], Record<string, string>]>) {
    const next: Record<string, string> = {}
    for (const [key, text] of Object.entries(texts)) {
      const prefix = ended.find((p) => key === p || key.startsWith(`${p}.`))
      if (!prefix) next[key] = text
      else if (key === `${prefix}.then` || key.startsWith(`${prefix}.then.`)) next[prefix + key.slice(`${prefix}.then`.length)] = text
    }
    out[locale] = next
  }
  return out
}

/** The dataset as it applies at `now` (ms), and when that next changes (the next `endsOn`, in ms), or null. */
export function datasetAt(dataset: Dataset, now: number): { dataset: Dataset; nextChange: number | null } {
  const today = new Date(now).toISOString().slice(0, 10)
  const countries = dataset.countries.map((c) => countryOn(c, today))
  const ended = dataset.countries.flatMap((c) =>
    valueKeys.flatMap((key) => {
      const f = c.figures[key]
      return f?.endsOn && f.then && today >= f.endsOn ? [`${c.country}.figures.${key}`] : []
    }),
  )
  const ends = dataset.countries
    .flatMap((c) => Object.values(c.figures).flatMap((f) => (f?.endsOn && f.endsOn > today ? [dayStart(f.endsOn)] : [])))
    .sort((a, b) => a - b)
  const same = countries.every((c, i) => c === dataset.countries[i])
  return { dataset: same ? dataset : { ...dataset, countries, notes: notesAfter(dataset.notes, ended) }, nextChange: ends[0] ?? null }
}
