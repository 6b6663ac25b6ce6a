/**
 * The key-figures dataset (issue 23): one YAML file per guide country in content/key-figures,
 * validated here at load like the Markdown's front matter. docs/authoring.md and decision 017 explain the fields.
 * Pure: no file access.
 */
import { z } from 'zod'
import { valueKeys, type ValueKey } from './keys'

/** The month a figure was true for: `2026-11`. */
const monthSchema = z
  .union([z.string(), z.date()])
  .transform((value) => (value instanceof Date ? value.toISOString().slice(0, 7) : value))
  .pipe(z.string().regex(/^20\d{2}-(0[1-9]|1[0-2])$/, 'must be a month written YYYY-MM, such as 2026-11'))

const percent = z.number().min(0, 'a rate cannot be negative').max(100, 'a rate is a percentage, at most 100')
const money = z.number().min(0, 'an amount cannot be negative').max(1e9, 'an amount above a billion is surely a typing error')
const currency = z.enum(['EUR', 'ALL', 'PLN', 'SEK', 'USD'])
const note = z.string().trim().min(3).max(400)
const sourceId = z.string().regex(/^[a-z0-9-]+$/, 'a source id is lowercase letters, digits and hyphens')
const range = (n: z.ZodNumber) => z.tuple([n, n]).refine(([low, high]: [number, number]) => low <= high, 'a range is written [lowest, highest]')

/** A marginal band: `rate` applies to the part of the amount from `from` up to the next band's `from`. */
const bracket = z.strictObject({ from: money, rate: percent })
const brackets = z
  .array(bracket)
  .min(1)
  .refine((list) => list[0].from === 0, 'the first band starts at 0')
  .refine((list) => list.every((b, i) => i === 0 || b.from > list[i - 1].from), 'bands are listed from the lowest, each starting higher')

/** Where the figure comes from and when it was true. Every value carries both. */
const provenance = {
  source: sourceId,
  asOf: monthSchema,
  /** A market estimate (surveys, portals, banks' typical terms), not an official figure. */
  estimate: z.boolean().optional(),
  /** What the number means, in English; translations in content/key-figures/translations. */
  note: note.optional(),
}

/**
 * One figure's value, in exactly one of these forms: a rate in %, a range of rates, marginal bands,
 * an amount, a range of amounts; or `none` when the charge does not exist (say why in `note`).
 */
const valueShape = {
  rate: percent.optional(),
  rateRange: range(percent).optional(),
  brackets: brackets.optional(),
  amount: money.optional(),
  amountRange: range(money).optional(),
  currency: currency.optional(),
  none: z.literal(true).optional(),
}
const valueForms = ['rate', 'rateRange', 'brackets', 'amount', 'amountRange', 'none'] as const

type ValueFields = { [K in keyof typeof valueShape]?: unknown }
function checkValue(value: ValueFields, ctx: z.RefinementCtx) {
  const forms = valueForms.filter((form) => value[form] !== undefined)
  if (forms.length !== 1) {
    ctx.addIssue({
      code: 'custom',
      message: forms.length ? `give one value, not ${forms.join(' and ')}` : `a value is missing: give one of ${valueForms.join(', ')}`,
    })
  }
  const needsCurrency = value.amount !== undefined || value.amountRange !== undefined || value.brackets !== undefined
  if (needsCurrency && value.currency === undefined) ctx.addIssue({ code: 'custom', path: ['currency'], message: 'an amount needs its currency' })
}

/** A region whose rate differs from the national one (Spain's autonomous communities). */
const region = z
  .strictObject({
    name: z.string().trim().min(2).max(80),
    ...valueShape,
    source: sourceId.optional(),
    asOf: monthSchema.optional(),
    note: note.optional(),
  })
  .superRefine(checkValue)

export const figureSchema = z
  .strictObject({
    ...valueShape,
    ...provenance,
    /** For a figure that varies by region: the region the main value is for (the capital's, usually). */
    region: z.string().trim().min(2).max(80).optional(),
    regions: z.array(region).max(30).optional(),
    /** Other rates with the conditions under which they apply (a reduced VAT rate for a main home). */
    reduced: z
      .array(z.strictObject({ rate: percent, note }))
      .max(6)
      .optional(),
    /** For rental income tax: whether the rate applies to gross rent or to rent after expenses. */
    basis: z.enum(['gross', 'net']).optional(),
  })
  .superRefine(checkValue)

const buyersSchema = z.strictObject({
  eu: z.enum(['free', 'restricted']),
  nonEu: z.enum(['free', 'reciprocity', 'permit', 'restricted']),
  ...provenance,
})

const residenceSchema = z
  .strictObject({
    status: z.enum(['open', 'closed', 'none']),
    /** Minimum property investments of an open route, each with where or how it applies. */
    thresholds: z
      .array(z.strictObject({ amount: money, currency, note }))
      .max(6)
      .optional(),
    /** The month a closed route stopped taking applications. */
    closedOn: monthSchema.optional(),
    ...provenance,
  })
  .superRefine((value, ctx) => {
    if (value.status === 'open' && !value.thresholds?.length)
      ctx.addIssue({ code: 'custom', path: ['thresholds'], message: 'an open route needs its threshold' })
    if (value.status === 'closed' && !value.closedOn)
      ctx.addIssue({ code: 'custom', path: ['closedOn'], message: 'a closed route needs the month it closed' })
  })

const sourceSchema = z.strictObject({
  /** The publishing body, by name: "Agencia Tributaria", "Statistics Poland". */
  publisher: z.string().trim().min(2).max(160),
  /** The page's title, as the publisher gives it. */
  title: z.string().trim().min(2).max(300),
  url: z.url({ protocol: /^https$/, hostname: z.regexes.domain }).refine((url) => !/example\.(com|org)/.test(url), 'a source must be a real page'),
})

export const countryFiguresSchema = z
  .strictObject({
    country: z.enum(['AL', 'BG', 'HR', 'CY', 'IT', 'PL', 'PT', 'ES', 'GR', 'SE', 'US']),
    currency,
    /** The capital (or, for the United States, the city the market figures are for) and one more city, in English. */
    capital: z.string().trim().min(2).max(60),
    city: z.string().trim().min(2).max(60),
    sources: z.record(sourceId, sourceSchema),
    figures: z.strictObject(
      Object.fromEntries(valueKeys.map((key) => [key, figureSchema.optional()])) as Record<ValueKey, z.ZodOptional<typeof figureSchema>>,
    ),
    buyers: buyersSchema.optional(),
    residence: residenceSchema.optional(),
  })
  .superRefine((value, ctx) => {
    // Every source a value names is listed, and every listed source is used.
    const used = new Set<string>()
    const check = (id: string | undefined, path: Array<string | number>) => {
      if (id === undefined) return
      used.add(id)
      if (!Object.hasOwn(value.sources, id)) ctx.addIssue({ code: 'custom', path: [...path, 'source'], message: `no source "${id}" in sources` })
    }
    for (const key of valueKeys) {
      const figure = value.figures[key]
      if (!figure) continue
      check(figure.source, ['figures', key])
      figure.regions?.forEach((r, i) => check(r.source, ['figures', key, 'regions', i]))
    }
    check(value.buyers?.source, ['buyers'])
    check(value.residence?.source, ['residence'])
    for (const id of Object.keys(value.sources)) {
      if (!used.has(id)) ctx.addIssue({ code: 'custom', path: ['sources', id], message: 'this source is not used by any figure' })
    }
  })

export type CountryFigures = z.output<typeof countryFiguresSchema>
export type Figure = z.output<typeof figureSchema>

/** Exchange rates used to put amounts in other currencies on one scale (euros per unit). */
export const exchangeRatesSchema = z.strictObject({
  rates: z.partialRecord(currency.exclude(['EUR']), z.strictObject({ eurPerUnit: z.number().positive(), ...provenance })),
  sources: z.record(sourceId, sourceSchema),
})
export type ExchangeRates = z.output<typeof exchangeRatesSchema>
