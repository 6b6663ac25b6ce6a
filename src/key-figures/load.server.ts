/**
 * Reads content/key-figures: one file per guide country plus the exchange rates. Every problem is
 * reported with the file, the field and the reason, like the Markdown (load.server.ts in content).
 */
import { existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { listEntries, readContentFile, type FileRead } from '../content/files.server'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import { isLocale, type Locale } from '../paraglide/runtime'
import { countryFiguresSchema, exchangeRatesSchema, type CountryFigures, type ExchangeRates } from './schema'
import { translatableTexts } from './texts'
import { PRICES_FILE, parsePriceSnapshot, type PriceSnapshot } from './prices'

export type DatasetIssue = { file: string; field?: string; message: string }

export type Dataset = {
  countries: CountryFigures[]
  rates: ExchangeRates | null
  /** Per locale, `<CC>.<path>` → the text in that language (content/key-figures/translations/<locale>.yaml). */
  notes: Partial<Record<Locale, Record<string, string>>>
  /** The BIS residential property price indices (decision 026), or null without a valid snapshot. */
  prices: PriceSnapshot | null
}

const translationsSchema = z.record(
  z.string().regex(/^[A-Z]{2}\.[A-Za-z0-9.]+$/, 'a key is <CC>.<path>, such as GR.figures.transferTax'),
  z.string().trim().min(1).max(400),
)

const KEY_FIGURES_DIR = 'key-figures'

function issuesOf(error: z.ZodError, file: string): DatasetIssue[] {
  return error.issues.map((issue) => ({ file, field: issue.path.join('.') || undefined, message: issue.message }))
}

/** How a file is read: by the content loader's reader (problems, warnings, the snapshot) or on its own. */
type Reader = (path: string) => FileRead

function readYaml(path: string, file: string, readFile: Reader): { data: unknown } | { issue: DatasetIssue } {
  const source = readFile(path)
  if (!source.ok) return { issue: { file, message: source.problem } }
  try {
    return { data: parseYaml(source.text) }
  } catch (error) {
    return { issue: { file, message: `not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` } }
  }
}

/** Validates one country file's contents; `file` names it in the issues. */
function parseCountryFigures(data: unknown, file: string): { figures: CountryFigures | null; issues: DatasetIssue[] } {
  const parsed = countryFiguresSchema.safeParse(data)
  if (!parsed.success) return { figures: null, issues: issuesOf(parsed.error, file) }
  const expected = `${parsed.data.country.toLowerCase()}.yaml`
  if (!file.endsWith(expected))
    return { figures: null, issues: [{ file, field: 'country', message: `the file for ${parsed.data.country} is named ${expected}` }] }
  return { figures: parsed.data, issues: [] }
}

export function loadDataset(
  contentDir: string,
  readFile: Reader = (path) => readContentFile(path, contentDir),
  nameOf: (path: string) => string = (path) => relative(process.cwd(), path),
): { dataset: Dataset; issues: DatasetIssue[] } {
  const dir = join(contentDir, KEY_FIGURES_DIR)
  const issues: DatasetIssue[] = []
  const countries: CountryFigures[] = []
  let rates: ExchangeRates | null = null
  const notes: Dataset['notes'] = {}
  let prices: PriceSnapshot | null = null
  if (!existsSync(dir)) return { dataset: { countries, rates, notes, prices }, issues }
  for (const name of listEntries(dir).names) {
    if (!name.endsWith('.yaml')) continue
    const path = join(dir, name)
    const file = nameOf(path)
    const read = readYaml(path, file, readFile)
    if ('issue' in read) {
      issues.push(read.issue)
      continue
    }
    if (name === 'exchange-rates.yaml') {
      const parsed = exchangeRatesSchema.safeParse(read.data)
      if (parsed.success) rates = parsed.data
      else issues.push(...issuesOf(parsed.error, file))
      continue
    }
    const { figures, issues: found } = parseCountryFigures(read.data, file)
    issues.push(...found)
    if (figures) countries.push(figures)
  }
  const known = new Set(countries.flatMap((c) => [...translatableTexts(c).keys()]))
  const translationsDir = join(dir, 'translations')
  for (const name of listEntries(translationsDir).names) {
    if (!name.endsWith('.yaml')) continue
    const file = nameOf(join(translationsDir, name))
    const locale = name.slice(0, -'.yaml'.length)
    if (!isLocale(locale) || locale === 'en') {
      issues.push({ file, message: `"${locale}" is not one of the 17 languages a translation is for` })
      continue
    }
    const read = readYaml(join(translationsDir, name), file, readFile)
    if ('issue' in read) {
      issues.push(read.issue)
      continue
    }
    const parsed = translationsSchema.safeParse(read.data ?? {})
    if (!parsed.success) {
      issues.push(...issuesOf(parsed.error, file))
      continue
    }
    for (const key of Object.keys(parsed.data)) {
      // A key whose country file is invalid is not reported twice.
      const country = countries.some((c) => key.startsWith(`${c.country}.`))
      if (country && !known.has(key)) issues.push({ file, field: key, message: 'no such text in the dataset (a note removed or renumbered?)' })
    }
    notes[locale] = parsed.data
  }
  const pricesPath = join(dir, PRICES_FILE)
  if (existsSync(pricesPath)) {
    const source = readFile(pricesPath)
    const read = source.ok
      ? parsePriceSnapshot(source.text, nameOf(pricesPath))
      : { snapshot: null, issues: [{ file: nameOf(pricesPath), message: source.problem }] }
    prices = read.snapshot
    issues.push(...read.issues)
  }
  return { dataset: { countries, rates, notes, prices }, issues }
}
