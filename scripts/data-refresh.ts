// `npm run data:refresh`: takes the BIS selected residential property prices (nominal and real
// index, quarterly, from the snapshot's first quarter) for the guide countries BIS covers from its
// SDMX API, checks the answer against the snapshot's schema, and writes a new dated snapshot
// (content/key-figures/prices/bis-residential.json), printing what changed; then the ECB's euro
// reference rates (refresh-rates.ts, content/key-figures/exchange-rates.yaml). A broken, partial or
// shorter answer is refused: the last good file stays and the exit code is 1 (decision 026).
//
//   BIS_API_BASE     BIS's API base (default https://stats.bis.org/api/v2); the tests serve recorded answers
//   ECB_API_BASE     the ECB Data Portal's API base (default https://data-api.ecb.europa.eu/service)
//   --prices <path>  the snapshot to refresh (default <content>/key-figures/prices/bis-residential.json)
//   --rates <path>   the exchange rates to refresh (default <content>/key-figures/exchange-rates.yaml)
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { contentDir } from '../src/content/store.server'
import { DEFAULT_ECB_BASE, refreshRates } from './refresh-rates'
import { code, readSdmxCsv } from './sdmx-csv'
import {
  formatPriceSnapshot,
  latestChange,
  parsePriceSnapshot,
  priceCountries,
  PRICES_FILE,
  quarterNumber,
  type Observation,
  type PriceSnapshot,
} from '../src/key-figures/prices'

const DEFAULT_BASE = 'https://stats.bis.org/api/v2'
const TIMEOUT_MS = 60_000

class Refused extends Error {}

/** The SDMX query: the 10 countries' nominal (N) and real (R) index (628), quarterly, as CSV. */
function queryUrl(base: string, from: string) {
  const key = `Q.${priceCountries.join('+')}.N+R.628`
  return `${base.replace(/\/+$/, '')}/data/dataflow/BIS/WS_SPP/1.0/${key}?startPeriod=${from}&format=csv`
}

/** The answer's rows as series per country and kind; anything unexpected is refused. */
function seriesOf(csv: string, from: string): Map<string, Observation[]> {
  const { header, rows, column } = readSdmxCsv(csv, 'WS_SPP', (message) => new Refused(message))
  const [freq, area, value, unit, period, obs] = ['FREQ', 'REF_AREA', 'VALUE', 'UNIT_MEASURE', 'TIME_PERIOD', 'OBS_VALUE'].map(column)
  const series = new Map<string, Observation[]>()
  for (const [i, row] of rows.entries()) {
    const line = i + 2
    if (row.length !== header.length) throw new Refused(`line ${line} has ${row.length} fields, the header ${header.length}: a cut answer?`)
    if (code(row[freq]) !== 'Q' || code(row[unit]) !== '628') throw new Refused(`line ${line} is not a quarterly index (628)`)
    const country = code(row[area])
    const kind = code(row[value])
    if (!(priceCountries as readonly string[]).includes(country) || (kind !== 'N' && kind !== 'R')) continue
    const quarter = row[period].trim()
    if (!/^\d{4}-Q[1-4]$/.test(quarter)) throw new Refused(`line ${line}: "${quarter}" is not a quarter`)
    if (quarterNumber(quarter) < quarterNumber(from)) continue
    // An empty value is a quarter BIS has no figure for: it stays missing, and the schema refuses the gap.
    if (row[obs].trim() === '') continue
    const number = Number(row[obs])
    if (!Number.isFinite(number)) throw new Refused(`line ${line}: "${row[obs]}" is not a number`)
    const key = `${country}.${kind}`
    series.set(key, [...(series.get(key) ?? []), [quarter, number]])
  }
  for (const list of series.values()) list.sort((a, b) => quarterNumber(a[0]) - quarterNumber(b[0]))
  return series
}

function snapshotOf(series: Map<string, Observation[]>, previous: PriceSnapshot, retrieved: string): PriceSnapshot {
  const countries = Object.fromEntries(
    priceCountries.map((c) => [
      c,
      {
        nominal: { key: `Q.${c}.N.628`, observations: series.get(`${c}.N`) ?? [] },
        real: { key: `Q.${c}.R.628`, observations: series.get(`${c}.R`) ?? [] },
      },
    ]),
  ) as PriceSnapshot['countries']
  // Taken from the API itself: no longer through a copy.
  const next: PriceSnapshot = { ...previous, retrieved, countries }
  delete next.via
  return next
}

/** Refuses an answer that would lose quarters the last snapshot has: BIS revises figures, it does not drop them. */
function checkNotShorter(next: PriceSnapshot, previous: PriceSnapshot) {
  for (const c of priceCountries)
    for (const kind of ['nominal', 'real'] as const) {
      const before = previous.countries[c][kind].observations
      const after = next.countries[c][kind].observations
      if (after[0]?.[0] !== before[0]?.[0])
        throw new Refused(`${c} ${kind} starts at ${after[0]?.[0] ?? 'nothing'}, the last snapshot at ${before[0]?.[0]}`)
      if (quarterNumber(after.at(-1)![0]) < quarterNumber(before.at(-1)![0]))
        throw new Refused(`${c} ${kind} ends at ${after.at(-1)![0]}, before the last snapshot's ${before.at(-1)![0]}: a partial answer?`)
    }
}

const pct = (v: number | undefined) => (v === undefined ? '–' : `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)}%`)

/** One line per series that changed: quarters added, figures revised, the latest year-on-year change. */
function changes(next: PriceSnapshot, previous: PriceSnapshot): string[] {
  const lines: string[] = []
  for (const c of priceCountries)
    for (const kind of ['nominal', 'real'] as const) {
      const before = new Map(previous.countries[c][kind].observations)
      const after = next.countries[c][kind].observations
      const added = after.filter(([q]) => !before.has(q))
      const revised = after.filter(([q, v]) => before.has(q) && before.get(q) !== v)
      if (!added.length && !revised.length) continue
      const parts = [
        added.length ? `${added.length} new quarter${added.length > 1 ? 's' : ''} to ${added.at(-1)![0]}` : null,
        revised.length ? `${revised.length} revised (${revised.map(([q]) => q).join(', ')})` : null,
        `year-on-year ${pct(latestChange(previous.countries[c][kind].observations)?.change)} → ${pct(latestChange(after)?.change)}`,
      ]
      lines.push(`  ${c} ${kind}: ${parts.filter(Boolean).join('; ')}`)
    }
  return lines
}

export async function refreshPrices(options: { file: string; base: string; today?: string; log?: (line: string) => void }): Promise<boolean> {
  const log = options.log ?? console.log
  const current = parsePriceSnapshot(readFileSync(options.file, 'utf8'), options.file)
  if (!current.snapshot) {
    log(`The current snapshot is not valid; fix it first:\n${current.issues.map((i) => `  ${i.field ?? ''} ${i.message}`).join('\n')}`)
    return false
  }
  const previous = current.snapshot
  const url = queryUrl(options.base, previous.from)
  try {
    const response = await fetch(url, { headers: { Accept: 'text/csv' }, signal: AbortSignal.timeout(TIMEOUT_MS) }).catch((error: unknown) => {
      throw new Refused(`could not reach ${url}: ${error instanceof Error ? error.message : String(error)}`)
    })
    if (!response.ok) throw new Refused(`${url} answered ${response.status} ${response.statusText}`)
    const text = await response.text()
    const next = snapshotOf(seriesOf(text, previous.from), previous, options.today ?? new Date().toISOString().slice(0, 10))
    const written = formatPriceSnapshot(next)
    const checked = parsePriceSnapshot(written, options.file)
    if (!checked.snapshot)
      throw new Refused(`the answer does not pass the schema:\n${checked.issues.map((i) => `  ${i.field ?? ''}: ${i.message}`).join('\n')}`)
    checkNotShorter(checked.snapshot, previous)
    const lines = changes(checked.snapshot, previous)
    // Written whole or not at all: a rename replaces the file in one step.
    const temporary = `${options.file}.${process.pid}.tmp`
    writeFileSync(temporary, written)
    renameSync(temporary, options.file)
    log(`Wrote ${options.file}, retrieved ${next.retrieved} from ${url}.`)
    log(
      lines.length
        ? `Changed since the snapshot of ${previous.retrieved}:\n${lines.join('\n')}`
        : `No figure changed since the snapshot of ${previous.retrieved}.`,
    )
    return true
  } catch (error) {
    if (!(error instanceof Refused)) throw error
    log(`Refused: ${error.message}\nThe last good snapshot (${previous.retrieved}) stays in ${options.file}.`)
    return false
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { prices: { type: 'string' }, rates: { type: 'string' } } })
  const prices = values.prices ?? join(contentDir(), 'key-figures', PRICES_FILE)
  const rates = values.rates ?? join(contentDir(), 'key-figures', 'exchange-rates.yaml')
  // Both are tried: a refused answer from one source leaves its file as it was and fails the run.
  const pricesOk = await refreshPrices({ file: prices, base: process.env.BIS_API_BASE || DEFAULT_BASE })
  const ratesOk = await refreshRates({ file: rates, base: process.env.ECB_API_BASE || DEFAULT_ECB_BASE })
  process.exitCode = pricesOk && ratesOk ? 0 : 1
}
