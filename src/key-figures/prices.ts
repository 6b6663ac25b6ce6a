/**
 * The residential property price indices (BIS selected series, decision 026): a dated snapshot in
 * content/key-figures/prices/bis-residential.json, its schema, and what pages compute from it.
 * Read by the content loader (load.server.ts) and written by `npm run data:refresh`. Pure.
 */
import { z } from 'zod'

/** The file beside the country files, relative to content/key-figures. */
export const PRICES_FILE = 'prices/bis-residential.json'

/** The guide countries BIS publishes a selected series for; Albania is not among them. */
export const priceCountries = ['BG', 'HR', 'CY', 'GR', 'IT', 'PL', 'PT', 'ES', 'SE', 'US'] as const
export type PriceCountry = (typeof priceCountries)[number]

export const isPriceCountry = (code: string): code is PriceCountry => (priceCountries as readonly string[]).includes(code)

const quarterPattern = /^(\d{4})-Q([1-4])$/

/** `2025-Q4` as a count of quarters, so that consecutive quarters differ by one. */
export function quarterNumber(quarter: string): number {
  const match = quarterPattern.exec(quarter)
  if (!match) throw new Error(`not a quarter: ${quarter}`)
  return Number(match[1]) * 4 + Number(match[2]) - 1
}

export const quarterParts = (quarter: string) => ({ year: Number(quarter.slice(0, 4)), q: Number(quarter.slice(6)) })

const observation = z.tuple([z.string().regex(quarterPattern, 'a quarter is written YYYY-Qn'), z.number().positive().finite()])

/** One series: its BIS key and every quarter from the snapshot's start, none missing. */
const series = z
  .object({
    key: z.string().regex(/^Q\.[A-Z]{2}\.[NR]\.628$/, 'a BIS series key such as Q.ES.N.628'),
    observations: z.array(observation).min(8, 'fewer than two years of quarters: a partial answer?'),
  })
  .superRefine((s, ctx) => {
    s.observations.forEach(([quarter], i) => {
      if (i === 0) return
      const previous = s.observations[i - 1][0]
      if (quarterNumber(quarter) !== quarterNumber(previous) + 1)
        ctx.addIssue({ code: 'custom', path: ['observations', i], message: `${quarter} follows ${previous}: quarters are missing or out of order` })
    })
  })

const https = z.url({ protocol: /^https$/ })

const priceSnapshotSchema = z
  .object({
    /** The day the figures were taken from BIS's API. */
    retrieved: z.iso.date(),
    source: z.object({
      publisher: z.string().min(1),
      title: z.string().min(1),
      url: https,
      dataflow: z.literal('BIS:WS_SPP(1.0)'),
      api: https,
      citation: z.string().min(1),
    }),
    /** When the answer was taken from a public copy of the API's data, which one. */
    via: z.object({ name: z.string().min(1), url: https, commit: z.string().regex(/^[0-9a-f]{40}$/) }).optional(),
    /** The messages say 2010 = 100: a rebased answer is refused until they are changed with it. */
    unit: z.literal('Index, 2010 = 100'),
    from: z.string().regex(quarterPattern),
    notCovered: z.array(z.string().regex(/^[A-Z]{2}$/)),
    countries: z.record(z.enum(priceCountries), z.object({ nominal: series, real: series })),
  })
  .superRefine((snapshot, ctx) => {
    for (const code of priceCountries) {
      const country = snapshot.countries[code]
      for (const [kind, letter] of [
        ['nominal', 'N'],
        ['real', 'R'],
      ] as const) {
        const s = country[kind]
        if (s.key !== `Q.${code}.${letter}.628`)
          ctx.addIssue({ code: 'custom', path: ['countries', code, kind, 'key'], message: `expected Q.${code}.${letter}.628` })
        if (s.observations[0] && quarterNumber(s.observations[0][0]) < quarterNumber(snapshot.from))
          ctx.addIssue({
            code: 'custom',
            path: ['countries', code, kind, 'observations', 0],
            message: `before the snapshot's start, ${snapshot.from}`,
          })
      }
    }
  })

export type PriceSnapshot = z.infer<typeof priceSnapshotSchema>
export type Observation = z.infer<typeof observation>

export type PriceIssue = { file: string; field?: string; message: string }

/** A snapshot file's text, validated; problems come back as issues, never thrown. */
export function parsePriceSnapshot(text: string, file: string): { snapshot: PriceSnapshot | null; issues: PriceIssue[] } {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    return { snapshot: null, issues: [{ file, message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` }] }
  }
  const parsed = priceSnapshotSchema.safeParse(data)
  if (!parsed.success)
    return { snapshot: null, issues: parsed.error.issues.map((i) => ({ file, field: i.path.join('.') || undefined, message: i.message })) }
  return { snapshot: parsed.data, issues: [] }
}

/** The change over four quarters to the series' last one, as a fraction (0.05 = +5 %). */
export function latestChange(observations: Observation[]): { quarter: string; change: number } | null {
  const last = observations.at(-1)
  const yearBefore = observations.at(-5)
  if (!last || !yearBefore || quarterNumber(last[0]) - quarterNumber(yearBefore[0]) !== 4) return null
  return { quarter: last[0], change: last[1] / yearBefore[1] - 1 }
}

/** Writes a snapshot with one observation per line, so that a refresh's diff shows the quarters it changed. */
export function formatPriceSnapshot(snapshot: PriceSnapshot): string {
  return `${JSON.stringify(snapshot, null, 2).replace(/\[\s+"(\d{4}-Q[1-4])",\s+(-?[\d.e+-]+)\s+\]/g, '["$1", $2]')}\n`
}
