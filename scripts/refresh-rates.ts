// The exchange-rate half of `npm run data:refresh` (decision 026): the ECB's euro reference rates
// for the dataset's non-euro currencies but the lek (the ECB publishes no lek rate), as the latest
// monthly average from the ECB Data Portal's SDMX API (dataflow EXR, series M.<CUR>.EUR.SP00.A).
// The answer is checked, each rate written to content/key-figures/exchange-rates.yaml with its month
// and, where it moved, a history entry (old and new rate, the day, the source), and the file checked
// against the dataset's schema before it replaces the old one in one rename. A broken, partial or
// older answer is refused and the file stays as it was.
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { readSdmxCsv } from './sdmx-csv'
import { parseDocument } from 'yaml'
import { exchangeRatesSchema, type ExchangeRates } from '../src/key-figures/schema'

export const DEFAULT_ECB_BASE = 'https://data-api.ecb.europa.eu/service'
/** The currencies the ECB publishes reference rates for, of those the dataset uses. */
export const ecbCurrencies = ['PLN', 'SEK', 'USD'] as const
type EcbCurrency = (typeof ecbCurrencies)[number]
const SOURCE = 'ecb-reference-rates'
const TIMEOUT_MS = 60_000
const unitNames: Record<EcbCurrency, string> = { PLN: 'zloty', SEK: 'krona', USD: 'dollar' }
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

export class Refused extends Error {}

/** The query: the latest monthly average of each currency against the euro, as SDMX-CSV. */
export function ratesQueryUrl(base: string): string {
  return `${base.replace(/\/+$/, '')}/data/EXR/M.${ecbCurrencies.join('+')}.EUR.SP00.A?lastNObservations=1&format=csvdata`
}

type Observation = { month: string; unitsPerEur: number }

/** Each currency's latest monthly average; an answer that lacks one, or is not what was asked, is refused. */
export function parseRatesAnswer(csv: string): Record<EcbCurrency, Observation> {
  const { header, rows, column } = readSdmxCsv(csv, 'EXR', (message) => new Refused(message))
  const [freq, currency, denom, type, suffix, period, value] = [
    'FREQ',
    'CURRENCY',
    'CURRENCY_DENOM',
    'EXR_TYPE',
    'EXR_SUFFIX',
    'TIME_PERIOD',
    'OBS_VALUE',
  ].map(column)
  const found = new Map<EcbCurrency, Observation>()
  for (const [i, row] of rows.entries()) {
    const line = i + 2
    if (row.length !== header.length) throw new Refused(`line ${line} has ${row.length} fields, the header ${header.length}: a cut answer?`)
    if (row[freq] !== 'M' || row[denom] !== 'EUR' || row[type] !== 'SP00' || row[suffix] !== 'A')
      throw new Refused(`line ${line} is not a monthly average of a euro reference rate (M.*.EUR.SP00.A)`)
    const code = row[currency] as EcbCurrency
    if (!ecbCurrencies.includes(code)) throw new Refused(`line ${line} is for ${row[currency]}, which was not asked for`)
    if (found.has(code)) throw new Refused(`line ${line}: a second ${code} rate (the query asks for the latest month only)`)
    if (!/^20\d{2}-(0[1-9]|1[0-2])$/.test(row[period])) throw new Refused(`line ${line}: "${row[period]}" is not a month`)
    const number = Number(row[value])
    if (row[value].trim() === '' || !Number.isFinite(number) || number <= 0) throw new Refused(`line ${line}: "${row[value]}" is not a rate`)
    found.set(code, { month: row[period], unitsPerEur: number })
  }
  const missing = ecbCurrencies.filter((c) => !found.has(c))
  if (missing.length) throw new Refused(`the answer has no rate for ${missing.join(', ')}: a partial answer?`)
  return Object.fromEntries(found) as Record<EcbCurrency, Observation>
}

const monthName = (month: string) => `${MONTHS[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}`

/** The note a refreshed rate carries, in the words the file's hand-written notes use. */
export const rateNote = (code: EcbCurrency, o: Observation) =>
  `ECB euro reference rate, monthly average for ${monthName(o.month)}: 1 EUR = ${o.unitsPerEur} ${code}, inverted to euros per ${unitNames[code]}`

/** Euros per unit, to five decimals as the file writes them. */
const inverted = (unitsPerEur: number) => Number((1 / unitsPerEur).toFixed(5))

/** The file's text with the answer's rates, and one line per rate saying what changed. */
export function applyRates(text: string, answer: Record<EcbCurrency, Observation>, today: string): { text: string; lines: string[] } {
  const document = parseDocument(text)
  const before = exchangeRatesSchema.safeParse(document.toJS())
  if (!before.success) throw new Refused(`the current file is not valid; fix it first (${before.error.issues[0]?.message})`)
  const current: ExchangeRates = before.data
  const lines: string[] = []
  for (const code of ecbCurrencies) {
    const o = answer[code]
    const rate = current.rates[code]
    if (rate && o.month < rate.effective) throw new Refused(`${code}: the answer's month ${o.month} is older than the file's ${rate.effective}`)
    const eurPerUnit = inverted(o.unitsPerEur)
    const path = ['rates', code]
    if (!rate || rate.eurPerUnit !== eurPerUnit) {
      if (rate) {
        const history = rate.history ?? []
        document.setIn(
          [...path, 'history'],
          [
            ...history,
            {
              date: today,
              old: rate.eurPerUnit,
              new: eurPerUnit,
              oldSource: rate.source,
              source: SOURCE,
              note: `Monthly average for ${monthName(rate.effective)} → ${monthName(o.month)}`,
            },
          ],
        )
      }
      lines.push(
        `  ${code}: ${rate ? `${rate.eurPerUnit} (${rate.effective}) → ` : ''}${eurPerUnit} euros per ${unitNames[code]} (${o.month}, 1 EUR = ${o.unitsPerEur} ${code})`,
      )
    }
    document.setIn([...path, 'eurPerUnit'], eurPerUnit)
    document.setIn([...path, 'source'], SOURCE)
    document.setIn([...path, 'effective'], o.month)
    document.setIn([...path, 'checked'], today.slice(0, 7))
    document.setIn([...path, 'note'], rateNote(code, o))
  }
  const written = document.toString({ lineWidth: 0 })
  const after = exchangeRatesSchema.safeParse(parseDocument(written).toJS())
  if (!after.success)
    throw new Refused(`the new file would not pass the schema (${after.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`)
  return { text: written, lines }
}

export async function refreshRates(options: { file: string; base: string; today?: string; log?: (line: string) => void }): Promise<boolean> {
  const log = options.log ?? console.log
  const url = ratesQueryUrl(options.base)
  const today = options.today ?? new Date().toISOString().slice(0, 10)
  try {
    const response = await fetch(url, { headers: { Accept: 'text/csv' }, signal: AbortSignal.timeout(TIMEOUT_MS) }).catch((error: unknown) => {
      throw new Refused(`could not reach ${url}: ${error instanceof Error ? error.message : String(error)}`)
    })
    if (!response.ok) throw new Refused(`${url} answered ${response.status} ${response.statusText}`)
    const { text, lines } = applyRates(readFileSync(options.file, 'utf8'), parseRatesAnswer(await response.text()), today)
    const temporary = `${options.file}.${process.pid}.tmp`
    writeFileSync(temporary, text)
    renameSync(temporary, options.file)
    log(`Wrote ${options.file}, ECB reference rates from ${url}.`)
    log(lines.length ? `Rates changed:\n${lines.join('\n')}` : 'No rate changed; each marked checked this month.')
    return true
  } catch (error) {
    if (!(error instanceof Refused)) throw error
    log(`Refused: ${error.message}\nThe exchange rates in ${options.file} stay as they were.`)
    return false
  }
}
