/**
 * Does a guide's English text contradict the dataset? (issue 23) A deliberately simple heuristic:
 * a sentence that names exactly one dataset item (by its usual words) and prints a percentage —
 * or, for residence by investment, a euro amount — that the dataset does not hold for that item,
 * in its value, bands, regions, reduced rates or note, is reported with its line. Plus the
 * values last checked more than six months ago, and temporary values about to end. Both are warnings for an editor: prose may rightly quote history.
 * Pure; see prose-check.test.ts.
 */
import { datedFields } from './dates'
import type { ValueKey } from './keys'
import type { CountryFigures, Figure } from './schema'

type Item = ValueKey | 'residence'

/** The words that name each item in English prose. */
const itemWords: Partial<Record<Item, RegExp>> = {
  transferTax: /\b(transfer tax|transfer fees?|stamp duty|ITP|IMT|registration tax|PCC|recordation tax)\b/i,
  vatNewBuild: /\b(VAT|IVA)\b/,
  notary: /\bnotar(y|ies|ial)\b/i,
  propertyTax: /\b(property tax|ENFIA|IMI|IMU|IBI|building tax|property fee)\b/i,
  rentalTax: /\b(rental income|income from rent|rent(s)? (is|are) taxed|cedolare secca)\b/i,
  capitalGainsTax: /\bcapital gains?\b/i,
  residence: /\b(golden visa|residen(ce|cy) (permit|by investment|route))\b/i,
}

export type ProseFinding = { line: number; item: Item; found: string; dataset: string; excerpt: string }

const numbersIn = (text: string) => [...text.matchAll(/(\d+(?:[.,]\d+)?)\s?%/g)].map((m) => Number(m[1].replace(',', '.')))
const eurosIn = (text: string) => [...text.matchAll(/€\s?(\d{1,3}(?:,\d{3})+|\d+)/g)].map((m) => Number(m[1].replaceAll(',', '')))

function figureValues(figure: Figure): number[] {
  const values = [
    figure.rate,
    ...(figure.rateRange ?? []),
    ...(figure.brackets ?? []).map((b) => b.rate),
    ...(figure.reduced ?? []).flatMap((r) => [r.rate, ...numbersIn(r.note)]),
    ...(figure.regions ?? []).flatMap((r) => [r.rate, ...(r.rateRange ?? []), ...(r.brackets ?? []).map((b) => b.rate)]),
    ...numbersIn(figure.note ?? ''),
  ]
  return values.filter((v): v is number => v !== undefined)
}

/** What the dataset holds for an item: its percentages, or (residence) its euro thresholds. */
function known(country: CountryFigures, item: Item): number[] | null {
  if (item === 'residence') {
    const r = country.residence
    if (!r) return null
    return [...(r.thresholds ?? []).flatMap((t) => [t.amount, ...eurosIn(t.note)]), ...eurosIn(r.note ?? '')]
  }
  const figure = country.figures[item]
  return figure ? figureValues(figure) : null
}

const same = (a: number, b: number) => Math.abs(a - b) < 1e-6

/** Sentences of the text with their line numbers; tables and headings are left out. */
function sentences(markdown: string): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = []
  markdown.split('\n').forEach((raw, i) => {
    if (/^\s*(\||#)/.test(raw)) return
    for (const text of raw.split(/(?<=[.!?;])\s+(?=[A-Z(])/)) if (text.trim()) out.push({ line: i + 1, text })
  })
  return out
}

export function checkProse(markdown: string, country: CountryFigures, lineOffset = 0): ProseFinding[] {
  const findings: ProseFinding[] = []
  for (const { line, text } of sentences(markdown)) {
    const items = (Object.keys(itemWords) as Item[]).filter((item) => itemWords[item]!.test(text))
    if (items.length !== 1) continue
    const item = items[0]
    const values = known(country, item)
    if (!values || values.length === 0) continue
    const found = item === 'residence' ? eurosIn(text).filter((v) => v >= 50_000) : numbersIn(text)
    for (const value of found) {
      if (values.some((v) => same(v, value))) continue
      findings.push({
        line: line + lineOffset,
        item,
        found: item === 'residence' ? `€${value.toLocaleString('en')}` : `${value}%`,
        dataset: [...new Set(values)].map((v) => (item === 'residence' ? `€${v.toLocaleString('en')}` : `${v}%`)).join(', '),
        excerpt: text.length > 140 ? `${text.slice(0, 137)}…` : text,
      })
    }
  }
  return findings
}

export type StaleFigure = { country: string; field: string; checked: string }

/** Values last checked more than `months` before `today` (YYYY-MM-DD). */
export function staleFigures(countries: CountryFigures[], today: string, months = 6): StaleFigure[] {
  const [y, mo] = today.split('-').map(Number)
  const limit = y * 12 + (mo - 1) - months
  return countries.flatMap((c) =>
    datedFields(c)
      .filter(({ checked }) => {
        const [cy, cm] = checked.split('-').map(Number)
        return cy * 12 + (cm - 1) < limit
      })
      .map(({ field, checked }) => ({ country: c.country, field, checked })),
  )
}

export type EndingFigure = { country: string; field: string; endsOn: string }

/** Temporary values that end within `days` of `today` (YYYY-MM-DD): their successor needs a check. */
export function endingFigures(countries: CountryFigures[], today: string, days = 60): EndingFigure[] {
  const from = Date.parse(`${today}T00:00:00Z`)
  return countries.flatMap((c) =>
    Object.entries(c.figures).flatMap(([key, figure]) => {
      if (!figure?.endsOn) return []
      const left = (Date.parse(`${figure.endsOn}T00:00:00Z`) - from) / 86_400_000
      return left <= days ? [{ country: c.country, field: `figures.${key}`, endsOn: figure.endsOn }] : []
    }),
  )
}
