/**
 * The dataset for reuse (issue 23): one row per value with its source, the month it took effect,
 * the month it was last checked and its earlier values, as CSV and JSON, at stable URLs
 * (/data/key-figures.csv, /data/key-figures.json). Pure.
 */
import { translatableTexts } from './texts'
import { valueKeys } from './keys'
import type { Change, CountryFigures, ExchangeRates } from './schema'

export type ExportRow = {
  country: string
  figure: string
  form: string
  value: string
  currency: string
  region: string
  basis: string
  note: string
  estimate: boolean
  effective: string
  checked: string
  /** A temporary value's last day +1 (YYYY-MM-DD) and the value after it, or empty. */
  endsOn: string
  then: string
  sourcePublisher: string
  sourceTitle: string
  sourceUrl: string
  /** Earlier values, oldest first: `2026-11-28: rate_percent 25 → rate_percent 10 (old source: <url>; new source: <url>)`, separated by ` | `. */
  earlier: string
}

type Valued = {
  rate?: number
  rateRange?: [number, number]
  brackets?: Array<{ from: number; rate: number }>
  amount?: number
  amountRange?: [number, number]
  none?: true
  because?: string
  currency?: string
  perM2?: true
}

function form(v: Valued): [string, string] {
  // The value column says why nothing is paid, where the dataset says (not-customary, included, seller-pays).
  if (v.none) return ['none', v.because ?? '']
  if (v.rate !== undefined) return ['rate_percent', String(v.rate)]
  if (v.rateRange) return ['rate_range_percent', v.rateRange.join('-')]
  if (v.brackets) return ['bands_percent_from_amount', v.brackets.map((b) => `${b.rate}@${b.from}`).join(' ')]
  const per = v.perM2 ? '_per_m2' : ''
  if (v.amount !== undefined) return [`amount${per}`, String(v.amount)]
  if (v.amountRange) return [`amount_range${per}`, v.amountRange.join('-')]
  return ['', '']
}

const valueText = (v: Valued) => form(v).filter(Boolean).join(' ') + (v.currency ? ` ${v.currency}` : '')

/** A value's changes, oldest first, as one field. */
function changesText(history: Change[] | undefined, url: (id: string) => string): string {
  return (history ?? [])
    .map((c) => `${c.date}: ${valueText(c.old)} → ${valueText(c.new)} (old source: ${url(c.oldSource)}; new source: ${url(c.source)})`)
    .join(' | ')
}

export function exportRows(countries: CountryFigures[]): ExportRow[] {
  const rows: ExportRow[] = []
  for (const c of countries) {
    const source = (id: string) => c.sources[id]
    const url = (id: string) => c.sources[id]?.url ?? id
    const push = (
      figure: string,
      v: Valued,
      p: { source: string; effective: string; checked: string; estimate?: boolean; note?: string },
      extra: Partial<ExportRow> = {},
    ) => {
      const [f, value] = form(v)
      const s = source(p.source)
      rows.push({
        country: c.country,
        figure,
        form: f,
        value,
        currency: v.currency ?? (f.startsWith('amount') || f.startsWith('bands') ? c.currency : ''),
        region: '',
        basis: '',
        note: p.note ?? '',
        estimate: p.estimate === true,
        effective: p.effective,
        checked: p.checked,
        endsOn: '',
        then: '',
        sourcePublisher: s.publisher,
        sourceTitle: s.title,
        sourceUrl: s.url,
        earlier: '',
        ...extra,
      })
    }
    for (const key of valueKeys) {
      const f = c.figures[key]
      if (!f) continue
      push(key, f, f, {
        region: f.region ?? '',
        basis: f.basis ?? '',
        endsOn: f.endsOn ?? '',
        then: f.then ? `${valueText(f.then)} (source: ${url(f.then.source)})` : '',
        earlier: changesText(f.history, url),
      })
      f.reduced?.forEach((r) => push(`${key}.reduced`, { rate: r.rate }, { ...f, note: r.note, source: r.source ?? f.source }))
      if (f.aboveRent)
        push(
          `${key}.aboveRent`,
          { rate: f.aboveRent.rate },
          { ...f, note: `on a rent above ${f.aboveRent.monthlyRent} ${f.aboveRent.currency} a month` },
        )
      f.regions?.forEach((r) =>
        push(
          key,
          r,
          {
            source: r.source ?? f.source,
            effective: r.effective ?? f.effective,
            checked: r.checked ?? f.checked,
            estimate: f.estimate,
            note: r.note,
          },
          { region: r.name },
        ),
      )
    }
    if (c.buyers) push('buyers', { none: true }, c.buyers, { form: 'eu_nonEu', value: `${c.buyers.eu}/${c.buyers.nonEu}` } as Partial<ExportRow>)
    if (c.residence) {
      const r = c.residence
      if (r.status === 'open')
        r.thresholds?.forEach((t) => push('residence.threshold', { amount: t.amount, currency: t.currency }, { ...r, note: t.note }))
      else push(`residence.${r.status}`, { none: true }, r, { value: r.closedOn ?? '' })
    }
  }
  return rows
}

const csvField = (v: string | boolean) => {
  const s = String(v)
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s
}

export function toCsv(rows: ExportRow[]): string {
  const head: Array<keyof ExportRow> = [
    'country',
    'figure',
    'form',
    'value',
    'currency',
    'region',
    'basis',
    'note',
    'estimate',
    'effective',
    'checked',
    'endsOn',
    'then',
    'sourcePublisher',
    'sourceTitle',
    'sourceUrl',
    'earlier',
  ]
  return [head.join(','), ...rows.map((r) => head.map((h) => csvField(r[h])).join(','))].join('\r\n') + '\r\n'
}

/** The whole dataset as JSON: the countries as validated, the exchange rates, and the English texts a translation keys. */
export function toJson(countries: CountryFigures[], rates: ExchangeRates | null) {
  return {
    name: 'Estate Atlas key figures for property investors',
    license: 'CC BY 4.0',
    countries,
    exchangeRates: rates,
    texts: Object.fromEntries(countries.flatMap((c) => [...translatableTexts(c)])),
  }
}
