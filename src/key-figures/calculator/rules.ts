/**
 * One rule per guide country: which one-off costs a purchase pays, from the dataset's figures and
 * the conditions they cite (the notes in content/key-figures/<cc>.yaml). Each returns its lines,
 * or `{ missing }` for a cost the dataset has no figure for. Worked examples in rules.test.ts.
 */
import type { GuideCountry } from '../../content/countries'
import { formatMoney, formatPercent } from '../../i18n/format'
import { fromEur, toEur } from '../money'
import { m } from '../../paraglide/messages'
import { applyFigure, feeLines, figureLine, regionLabel, transferLine, type RuleContext } from './lines'
import type { CalcLine, LineKey } from './types'

type Part = CalcLine | { missing: LineKey }
type Rule = (ctx: RuleContext) => Part[]

const orMissing = (line: CalcLine | null, key: LineKey): Part => line ?? { missing: key }
const vatLine = (ctx: RuleContext) => orMissing(figureLine(ctx, 'vat', 'vatNewBuild'), 'vat')
const vatIsNone = (ctx: RuleContext) => ctx.data.figures.figures.vatNewBuild?.none === true

/**
 * A resale pays the transfer tax; a new build pays VAT instead, and the transfer tax too where
 * homes carry no VAT (Sweden's stamp duty, the United States' transfer taxes).
 */
const standard: Rule = (ctx) => {
  const transfer = orMissing(transferLine(ctx), 'transferTax')
  if (ctx.input.kind === 'resale') return [transfer, ...feeLines(ctx)]
  return vatIsNone(ctx) ? [vatLine(ctx), transfer, ...feeLines(ctx)] : [vatLine(ctx), ...feeLines(ctx)]
}

/** A statutory fee scale: from each threshold, a base amount plus a rate on the excess. */
type TariffBand = { from: number; base: number; rate: number }
const onScale = (bands: readonly TariffBand[], value: number) => {
  const band = [...bands].reverse().find((b) => value > b.from) ?? bands[0]
  return band.base + (Math.max(0, value - band.from) * band.rate) / 100
}

/**
 * Bulgaria's notary fee for a deed by the statutory tariff (Тарифа за нотариалните такси, item 8,
 * as amended from 1 July 2009; the notary figure's source), in leva on the deed value in leva:
 * BGN 30 up to BGN 100, then a base plus a falling rate on the excess, at most BGN 6,000. The same
 * for any kind of property. Leva convert to euros at the fixed rate of 1.95583.
 */
export const BGN_PER_EUR = 1.95583
const BULGARIA_NOTARY: readonly TariffBand[] = [
  { from: 0, base: 30, rate: 0 },
  { from: 100, base: 30, rate: 1.5 },
  { from: 1_000, base: 43.5, rate: 1.3 },
  { from: 10_000, base: 160.5, rate: 0.8 },
  { from: 50_000, base: 480.5, rate: 0.5 },
  { from: 100_000, base: 730.5, rate: 0.2 },
  { from: 500_000, base: 1_530.5, rate: 0.1 },
]
const BULGARIA_NOTARY_CAP_BGN = 6_000
const BULGARIA_NOTARY_VAT = 20
export function bulgariaNotaryFeeBgn(valueBgn: number): number {
  return Math.min(BULGARIA_NOTARY_CAP_BGN, onScale(BULGARIA_NOTARY, valueBgn))
}

/**
 * Poland's maximum notary fee (Minister of Justice regulation of 28 June 2004 on maximum notary
 * fees, consolidated text Dz.U. 2024 poz. 1566; the notary figure's source): § 3's scale on the
 * deed value in zloty, at most PLN 10,000; half of it for the sale of a flat (§ 6 pkt 19, added by
 * Dz.U. 2012 poz. 542; a developer's flat likewise, § 6 pkt 16). Other property: the whole scale.
 */
const POLAND_NOTARY: readonly TariffBand[] = [
  { from: 0, base: 100, rate: 0 },
  { from: 3_000, base: 100, rate: 3 },
  { from: 10_000, base: 310, rate: 2 },
  { from: 30_000, base: 710, rate: 1 },
  { from: 60_000, base: 1_010, rate: 0.4 },
  { from: 1_000_000, base: 4_770, rate: 0.2 },
  { from: 2_000_000, base: 6_770, rate: 0.25 },
]
const POLAND_NOTARY_CAP_PLN = 10_000
const POLAND_NOTARY_VAT = 23
export type PropertyType = 'flat' | 'other'
export function polandNotaryMaxPln(valuePln: number, property: PropertyType): number {
  const full = Math.min(POLAND_NOTARY_CAP_PLN, onScale(POLAND_NOTARY, valuePln))
  return property === 'flat' ? full / 2 : full
}

/** The calculator's form has no property type: it counts a flat, as the dataset's prices and yields are for flats. */
const CALCULATOR_PROPERTY: PropertyType = 'flat'

/** A notary line from a tariff computed in the local currency, VAT added; null when the currency has no rate. */
function tariffLine(
  ctx: RuleContext,
  fee: (value: number) => number,
  vat: number,
  currency: string,
  toLocal: (eur: number) => number | null,
  toEuros: (local: number) => number | null,
  flat: boolean,
): CalcLine | { missing: LineKey } {
  const { locale } = ctx
  const value = toLocal(ctx.input.price)
  if (value === null) return { missing: 'notary' }
  const local = fee(value)
  const eur = toEuros(local * (1 + vat / 100))
  if (eur === null) return { missing: 'notary' }
  const args = {
    value: formatMoney(Math.round(value), locale, currency),
    fee: formatMoney(Math.round(local * 100) / 100, locale, currency),
    vat: formatPercent(vat / 100, locale),
  }
  const rule = flat ? m.calc_rule_tariff_flat(args, { locale }) : m.calc_rule_tariff(args, { locale })
  return { key: 'notary', amount: eur, rule, figure: 'notary' }
}

/** The fee lines with the notary's computed from a tariff instead of the figure's range. */
const withNotary = (ctx: RuleContext, notary: CalcLine | { missing: LineKey }) =>
  feeLines(ctx).map((line) => (('key' in line && line.key === 'notary') || ('missing' in line && line.missing === 'notary') ? notary : line))

const bulgariaNotary = (ctx: RuleContext) =>
  ctx.data.figures.figures.notary
    ? tariffLine(
        ctx,
        bulgariaNotaryFeeBgn,
        BULGARIA_NOTARY_VAT,
        'BGN',
        (eur) => eur * BGN_PER_EUR,
        (bgn) => bgn / BGN_PER_EUR,
        false,
      )
    : ({ missing: 'notary' } as const)

/** Bulgaria: the municipal transfer tax is due on every acquisition, a new build's with its VAT; the notary by the tariff. */
const bulgaria: Rule = (ctx) => {
  const fees = withNotary(ctx, bulgariaNotary(ctx))
  const transfer = orMissing(transferLine(ctx), 'transferTax')
  return ctx.input.kind === 'resale' ? [transfer, ...fees] : [vatLine(ctx), transfer, ...fees]
}

/**
 * Cyprus: a new build pays VAT and no transfer fees; a main and permanent residence pays 5% on the
 * first 130 m² and the first €350,000 of a home up to 190 m², if the deal is at most €475,000,
 * and 19% on the rest (the vatNewBuild figure's reduced rate and its note). Without the floor area,
 * the whole home counts as within 130 m².
 */
const CYPRUS_MAIN_HOME = { reducedArea: 130, maxArea: 190, reducedValue: 350_000, maxDeal: 475_000 } as const
const cyprus: Rule = (ctx) => {
  if (ctx.input.kind === 'resale') return standard(ctx)
  const figure = ctx.data.figures.figures.vatNewBuild
  const reduced = figure?.reduced?.[0]
  const { price, area, mainHome } = ctx.input
  const limits = CYPRUS_MAIN_HOME
  if (!figure || figure.rate === undefined || !reduced || !mainHome || price > limits.maxDeal || (area !== null && area > limits.maxArea))
    return standard(ctx)
  const share = area === null ? 1 : Math.min(1, limits.reducedArea / area)
  const low = Math.min(price * share, limits.reducedValue)
  const amount = (low * reduced.rate) / 100 + ((price - low) * figure.rate) / 100
  const { locale } = ctx
  const split = m.calc_rule_split(
    { low: formatPercent(reduced.rate / 100, locale), lowBase: formatMoney(Math.round(low), locale), high: formatPercent(figure.rate / 100, locale) },
    { locale },
  )
  return [{ key: 'vat', amount, rule: m.calc_rule_main_home({ rule: split }, { locale }), figure: 'vatNewBuild' }, ...feeLines(ctx)]
}

/** Greece: with VAT on new homes suspended (the figure's 0% reduced rate), a new build pays the transfer tax. */
const greece: Rule = (ctx) => {
  if (ctx.input.kind === 'resale') return standard(ctx)
  const suspended = ctx.data.figures.figures.vatNewBuild?.reduced?.some((r) => r.rate === 0)
  if (!suspended) return standard(ctx)
  const transfer = transferLine(ctx)
  return [
    { key: 'vat', amount: 0, rule: m.calc_rule_vat_suspended({}, { locale: ctx.locale }), figure: 'vatNewBuild' },
    orMissing(transfer, 'transferTax'),
    ...feeLines(ctx),
  ]
}

/**
 * Italy: a main home ("prima casa") pays the reduced rate of the figure: registration tax 2%
 * (at least €1,000) on a resale, VAT 4% on a new build; plus the fixed mortgage and cadastral
 * taxes the notes give (€50 each after a resale, €200 each with registration after a new build).
 */
const ITALY_FIXED = { resale: 100, new: 600, minimumRegistration: 1_000 } as const
const italy: Rule = (ctx) => {
  const { input, locale } = ctx
  const key = input.kind === 'resale' ? 'transferTax' : 'vatNewBuild'
  const figure = ctx.data.figures.figures[key]
  const reduced = input.mainHome ? figure?.reduced?.[0] : undefined
  let main: Part
  if (figure && reduced) {
    const applied = applyFigure(ctx, { rate: reduced.rate }, input.price)!
    const amount = key === 'transferTax' ? Math.max(ITALY_FIXED.minimumRegistration, applied.amount) : applied.amount
    main = {
      key: key === 'transferTax' ? 'transferTax' : 'vat',
      amount,
      rule: m.calc_rule_main_home({ rule: applied.rule }, { locale }),
      figure: key,
    }
  } else main = key === 'transferTax' ? orMissing(transferLine(ctx), 'transferTax') : vatLine(ctx)
  const fixed = input.kind === 'resale' ? ITALY_FIXED.resale : ITALY_FIXED.new
  const fixedLine: CalcLine = {
    key: 'fixedTaxes',
    amount: fixed,
    rule: m.calc_rule_fixed({ amount: formatMoney(fixed, locale) }, { locale }),
    figure: key,
  }
  return [main, fixedLine, ...feeLines(ctx)]
}

/**
 * Spain: the resale tax of the reader's community; a new build pays VAT and the AJD stamp duty,
 * counted for the Comunidad de Madrid only: 0.4% up to €120,000, 0.5% up to €180,000, 0.75% above,
 * on the whole price (DL 1/2010 art. 32, as the dataset's earlier VAT source gave it; not
 * re-confirmed in November 2026, when the VAT figure moved to a source that does not cover AJD:
 * docs/research/buying-costs/es.md).
 */
const MADRID_AJD = [
  { upTo: 120_000, rate: 0.4 },
  { upTo: 180_000, rate: 0.5 },
  { upTo: Infinity, rate: 0.75 },
] as const
const spain: Rule = (ctx) => {
  if (ctx.input.kind === 'resale') return standard(ctx)
  const figure = ctx.data.figures.figures.transferTax
  const inMadrid = (ctx.input.region ?? figure?.region) === figure?.region
  const tier = MADRID_AJD.find((t) => ctx.input.price <= t.upTo)!
  const stamp: Part = inMadrid
    ? {
        key: 'stampDuty',
        amount: (ctx.input.price * tier.rate) / 100,
        rule: m.calc_rule_in_region(
          {
            rule: m.calc_rule_rate({ rate: formatPercent(tier.rate / 100, ctx.locale) }, { locale: ctx.locale }),
            region: regionLabel(ctx.data, figure!.region!),
          },
          { locale: ctx.locale },
        ),
        figure: 'vatNewBuild',
      }
    : { missing: 'stampDuty' }
  return [vatLine(ctx), stamp, ...feeLines(ctx)]
}

/**
 * Portugal: IMT by the 2026 mainland tables (MSS Advogados, January 2026, the transferTax
 * figure's source): tax = value × rate − deduction up to the 8% band; above it one rate on the
 * whole value. A main home (own permanent residence) has its own table. Stamp duty of 0.8% is
 * added (the figure's note). IMT is due on a new build too: homes carry no VAT. A non-resident
 * buyer of a home pays one rate on the whole value with no exemption or reduction, from 25 May 2026
 * (Decreto-Lei 97/2026, CIMT art. 17(10); the figure's `reduced` rate and its source); the refund
 * for becoming resident or letting at a moderate rent comes later and is not deducted here.
 */
const PORTUGAL_NON_RESIDENT_IMT = 7.5
type ImtBand = { upTo: number; rate: number; deduct: number }
const PORTUGAL_IMT: Record<'main' | 'other', ImtBand[]> = {
  main: [
    { upTo: 106_346, rate: 0, deduct: 0 },
    { upTo: 145_470, rate: 2, deduct: 2_126.92 },
    { upTo: 198_347, rate: 5, deduct: 6_491.02 },
    { upTo: 330_539, rate: 7, deduct: 10_457.96 },
    { upTo: 660_982, rate: 8, deduct: 13_763.35 },
    { upTo: 1_150_853, rate: 6, deduct: 0 },
    { upTo: Infinity, rate: 7.5, deduct: 0 },
  ],
  other: [
    { upTo: 106_346, rate: 1, deduct: 0 },
    { upTo: 145_470, rate: 2, deduct: 1_063.46 },
    { upTo: 198_347, rate: 5, deduct: 5_427.56 },
    { upTo: 330_539, rate: 7, deduct: 9_394.5 },
    { upTo: 633_931, rate: 8, deduct: 12_699.89 },
    { upTo: 1_150_853, rate: 6, deduct: 0 },
    { upTo: Infinity, rate: 7.5, deduct: 0 },
  ],
}
const PORTUGAL_STAMP_DUTY = 0.8
const portugal: Rule = (ctx) => {
  const { input, locale } = ctx
  if (!ctx.data.figures.figures.transferTax) return standard(ctx)
  const stamp = {
    key: 'stampDuty' as const,
    amount: (input.price * PORTUGAL_STAMP_DUTY) / 100,
    rule: m.calc_rule_rate({ rate: formatPercent(PORTUGAL_STAMP_DUTY / 100, locale) }, { locale }),
    figure: 'transferTax' as const,
  }
  if (!input.resident) {
    const rule = m.calc_rule_rate({ rate: formatPercent(PORTUGAL_NON_RESIDENT_IMT / 100, locale) }, { locale })
    return [
      {
        key: 'transferTax',
        amount: (input.price * PORTUGAL_NON_RESIDENT_IMT) / 100,
        rule: m.calc_rule_nonresident_flat({ rule }, { locale }),
        figure: 'transferTax',
      },
      stamp,
      ...feeLines(ctx),
    ]
  }
  const band = PORTUGAL_IMT[input.mainHome ? 'main' : 'other'].find((b) => input.price <= b.upTo)!
  const imt = Math.max(0, (input.price * band.rate) / 100 - band.deduct)
  const rate = formatPercent(band.rate / 100, locale)
  const rule =
    band.deduct > 0 ? m.calc_rule_deduct({ rate, deduct: formatMoney(band.deduct, locale) }, { locale }) : m.calc_rule_rate({ rate }, { locale })
  return [
    { key: 'transferTax', amount: imt, rule: input.mainHome ? m.calc_rule_main_home({ rule }, { locale }) : rule, figure: 'transferTax' },
    stamp,
    ...feeLines(ctx),
  ]
}

/**
 * The United States: no VAT; the buyer's transfer tax where the dataset has it. District of
 * Columbia (the figure's main value): 1.1% of the price under $400,000, 1.45% of the whole price
 * from $400,000. New York State: the state's 0.4% is the seller's; the buyer pays 1% of the whole
 * price from $1 million. Other states: not counted, since their sources give the tax's rate but not
 * who pays it.
 */
const US_TIERS = { dcThresholdUsd: 400_000, nyMansionUsd: 1_000_000, nyMansionRate: 1 } as const
const unitedStates: Rule = (ctx) => {
  const { input, locale, data } = ctx
  const figure = data.figures.figures.transferTax
  const usdPerEur = data.rates?.rates.USD?.eurPerUnit
  const region = input.region ?? figure?.region
  const lead = input.kind === 'resale' ? [] : [vatLine(ctx)]
  if (!figure?.rateRange || !usdPerEur) return standard(ctx)
  if (region !== figure.region && region !== 'New York State') return [...lead, { missing: 'transferTax' }, ...feeLines(ctx)]
  const priceUsd = input.price / usdPerEur
  let rate: number
  if (region === figure.region) rate = priceUsd < US_TIERS.dcThresholdUsd ? figure.rateRange[0] : figure.rateRange[1]
  else rate = priceUsd >= US_TIERS.nyMansionUsd ? US_TIERS.nyMansionRate : 0
  const rule = m.calc_rule_in_region(
    { rule: m.calc_rule_rate({ rate: formatPercent(rate / 100, locale) }, { locale }), region: regionLabel(ctx.data, region!) },
    { locale },
  )
  const transfer: CalcLine = { key: 'transferTax', amount: (input.price * rate) / 100, rule, figure: 'transferTax' }
  return [...lead, transfer, ...feeLines(ctx)]
}

/**
 * Poland: a new flat pays the reduced VAT rate (the figure's 8%) up to 150 m² of usable area; above
 * it, 8% on the share of the price for 150 m² and 23% on the rest (the reduced rate's note).
 * Without the area, the flat counts as within 150 m². No PCC when VAT is paid.
 */
const POLAND_FLAT_AREA = 150
const polandNotary = (ctx: RuleContext) =>
  ctx.data.figures.figures.notary
    ? tariffLine(
        ctx,
        (pln) => polandNotaryMaxPln(pln, CALCULATOR_PROPERTY),
        POLAND_NOTARY_VAT,
        'PLN',
        (eur) => fromEur(eur, 'PLN', ctx.data.rates),
        (pln) => toEur(pln, 'PLN', ctx.data.rates),
        CALCULATOR_PROPERTY === 'flat',
      )
    : ({ missing: 'notary' } as const)
const poland: Rule = (ctx) => {
  const figure = ctx.data.figures.figures.vatNewBuild
  const reduced = figure?.reduced?.[0]
  const fees = withNotary(ctx, polandNotary(ctx))
  if (ctx.input.kind === 'resale' || !figure || figure.rate === undefined || !reduced) {
    const transfer = orMissing(transferLine(ctx), 'transferTax')
    if (ctx.input.kind === 'resale') return [transfer, ...fees]
    return [vatLine(ctx), ...fees]
  }
  const { price, area } = ctx.input
  const low = area === null || area <= POLAND_FLAT_AREA ? price : (price * POLAND_FLAT_AREA) / area
  const amount = (low * reduced.rate) / 100 + ((price - low) * figure.rate) / 100
  const { locale } = ctx
  const rule =
    low === price
      ? m.calc_rule_rate({ rate: formatPercent(reduced.rate / 100, locale) }, { locale })
      : m.calc_rule_split(
          {
            low: formatPercent(reduced.rate / 100, locale),
            lowBase: formatMoney(Math.round(low), locale),
            high: formatPercent(figure.rate / 100, locale),
          },
          { locale },
        )
  return [{ key: 'vat', amount, rule, figure: 'vatNewBuild' }, ...fees]
}

export const countryRules: Record<GuideCountry, Rule> = {
  AL: standard,
  BG: bulgaria,
  HR: standard,
  CY: cyprus,
  IT: italy,
  PL: poland,
  PT: portugal,
  ES: spain,
  GR: greece,
  SE: standard,
  US: unitedStates,
}
