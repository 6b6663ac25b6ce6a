/**
 * The key-figures dataset (issue 23): one YAML file per guide country in content/key-figures,
 * validated here at load like the Markdown's front matter. docs/authoring.md and decision 017 explain the fields.
 * Pure: no file access.
 */
import { z } from 'zod'
import { valueKeys, type ValueKey } from './keys'

/** A month written YYYY-MM: `2026-11`. */
const monthSchema = z
  .union([z.string(), z.date()])
  .transform((value) => (value instanceof Date ? value.toISOString().slice(0, 7) : value))
  .pipe(z.string().regex(/^20\d{2}-(0[1-9]|1[0-2])$/, 'must be a month written YYYY-MM, such as 2026-11'))

/** A day written YYYY-MM-DD: `2026-12-31`. */
const daySchema = z
  .union([z.string(), z.date()])
  .transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value))
  .pipe(z.string().regex(/^20\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'must be a day written YYYY-MM-DD, such as 2026-12-31'))

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

/**
 * Where the figure comes from and its two months (decision 017): `effective`, the month the rule
 * took effect or the period the data is for; `checked`, the month someone last compared the value
 * with its source. Every value carries all three.
 */
const provenance = {
  source: sourceId,
  effective: monthSchema,
  checked: monthSchema,
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
  /** With an amount: an amount per m² of the property (Greece's ENFIA), not per purchase or year. */
  perM2: z.literal(true).optional(),
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
  if (value.perM2 !== undefined && value.amount === undefined && value.amountRange === undefined)
    ctx.addIssue({ code: 'custom', path: ['perM2'], message: 'perM2 says an amount is per m²: give it with amount or amountRange' })
}

/** A region whose rate differs from the national one (Spain's autonomous communities). */
const region = z
  .strictObject({
    name: z.string().trim().min(2).max(80),
    ...valueShape,
    source: sourceId.optional(),
    effective: monthSchema.optional(),
    checked: monthSchema.optional(),
    note: note.optional(),
  })
  .superRefine(checkValue)

/** A value alone, as a change in `history` records it. */
const bareValue = z.strictObject(valueShape).superRefine(checkValue)
export type BareValue = z.output<typeof bareValue>

/**
 * One change of a value: what it was, what it became, on which day the dataset changed, and the
 * sources of both. The newest change's `new` is the value the file now gives.
 */
const change = z.strictObject({
  date: daySchema,
  old: bareValue,
  new: bareValue,
  /** The source the old value came from, and the one for the new value. */
  oldSource: sourceId,
  source: sourceId,
  note: note.optional(),
})
export type Change = z.output<typeof change>

/** Where a rate depends on the monthly rent: the rate on a rent above `monthlyRent` (Portugal's 10% for moderate rents, 25% above). */
const aboveRent = z.strictObject({ monthlyRent: money, currency, rate: percent })

const figureFields = {
  ...valueShape,
  ...provenance,
  /** For a figure that varies by region: the region the main value is for (the capital's, usually). */
  region: z.string().trim().min(2).max(80).optional(),
  regions: z.array(region).max(30).optional(),
  /**
   * Other rates with the conditions under which they apply (a reduced VAT rate for a main home, or
   * Portugal's flat IMT for non-residents), with their own source where the figure's does not say it.
   */
  reduced: z
    .array(z.strictObject({ rate: percent, note, source: sourceId.optional() }))
    .max(6)
    .optional(),
  /** For rental income tax: whether the rate applies to gross rent or to rent after expenses. */
  basis: z.enum(['gross', 'net']).optional(),
  aboveRent: aboveRent.optional(),
  /** Every earlier value, oldest first. */
  history: z.array(change).max(40).optional(),
  /**
   * With `none: true`, why the buyer pays nothing for it, said in words on every page (issue 37):
   * the charge is not customary, it is included in another cost (the note says which), or the seller
   * pays it. Without it, `none` means the charge does not exist.
   */
  because: z.enum(['not-customary', 'included', 'seller-pays']).optional(),
}

/** The value that applies after a temporary one ends, with its own source and months. */
const successorSchema = z.strictObject(figureFields).superRefine(checkValue)

export const figureSchema = z
  .strictObject({
    ...figureFields,
    /**
     * A temporary rule: the day it stops applying, which is the successor's first day (a relief
     * "until 31 December 2026" ends on 2027-01-01), and the value that applies from then (`then`).
     * From that day every page shows `then` by itself (temporal.ts).
     */
    endsOn: daySchema.optional(),
    then: successorSchema.optional(),
  })
  .superRefine((value, ctx) => {
    checkValue(value, ctx)
    if (value.because !== undefined && value.none !== true)
      ctx.addIssue({ code: 'custom', path: ['because'], message: '`because` says why a value is `none: true`; give it only with none' })
    if ((value.endsOn === undefined) !== (value.then === undefined))
      ctx.addIssue({ code: 'custom', path: ['then'], message: 'a temporary value gives both endsOn and then (the value after it)' })
    const last = value.history?.at(-1)
    if (last && !sameValue(last.new, value))
      ctx.addIssue({ code: 'custom', path: ['history'], message: "the newest change's new value is not the value the file gives" })
    value.history?.forEach((c, i) => {
      const before = value.history![i - 1]
      if (before && before.date > c.date) ctx.addIssue({ code: 'custom', path: ['history', i, 'date'], message: 'changes are listed oldest first' })
    })
  })

/** Whether two values are the same (form, numbers and currency). */
function sameValue(a: ValueFields, b: ValueFields): boolean {
  const pick = (v: ValueFields) => JSON.stringify(Object.fromEntries(Object.keys(valueShape).map((k) => [k, v[k as keyof ValueFields] ?? null])))
  return pick(a) === pick(b)
}

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
      figure.reduced?.forEach((r, i) => check(r.source, ['figures', key, 'reduced', i]))
      figure.history?.forEach((c, i) => {
        check(c.source, ['figures', key, 'history', i])
        check(c.oldSource, ['figures', key, 'history', i, 'old'])
      })
      if (figure.then) {
        check(figure.then.source, ['figures', key, 'then'])
        figure.then.regions?.forEach((r, i) => check(r.source, ['figures', key, 'then', 'regions', i]))
        figure.then.history?.forEach((c, i) => {
          check(c.source, ['figures', key, 'then', 'history', i])
          check(c.oldSource, ['figures', key, 'then', 'history', i, 'old'])
        })
      }
    }
    check(value.buyers?.source, ['buyers'])
    check(value.residence?.source, ['residence'])
    for (const id of Object.keys(value.sources)) {
      if (!used.has(id)) ctx.addIssue({ code: 'custom', path: ['sources', id], message: 'this source is not used by any figure' })
    }
  })

export type CountryFigures = z.output<typeof countryFiguresSchema>
export type Figure = z.output<typeof figureSchema>
export type Successor = z.output<typeof successorSchema>

/** Exchange rates used to put amounts in other currencies on one scale (euros per unit). */
export const exchangeRatesSchema = z
  .strictObject({
    rates: z.partialRecord(
      currency.exclude(['EUR']),
      z.strictObject({
        eurPerUnit: z.number().positive(),
        ...provenance,
        /** Earlier rates, oldest first: the day the file changed, the rate before and after, their sources. */
        history: z
          .array(
            z.strictObject({
              date: daySchema,
              old: z.number().positive(),
              new: z.number().positive(),
              oldSource: sourceId,
              source: sourceId,
              note: note.optional(),
            }),
          )
          .max(40)
          .optional(),
      }),
    ),
    sources: z.record(sourceId, sourceSchema),
  })
  .superRefine((value, ctx) => {
    // Every source a rate or an earlier rate names is listed.
    for (const [code, rate] of Object.entries(value.rates)) {
      const ids = [rate.source, ...(rate.history ?? []).flatMap((c) => [c.source, c.oldSource])]
      for (const id of ids)
        if (!Object.hasOwn(value.sources, id))
          ctx.addIssue({ code: 'custom', path: ['rates', code, 'source'], message: `no source "${id}" in sources` })
    }
  })
export type ExchangeRates = z.output<typeof exchangeRatesSchema>
