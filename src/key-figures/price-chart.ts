/**
 * A guide's price-index chart (decision 026), laid out on the server in SVG viewBox units with
 * d3-scale like the comparison's bar charts (charts.ts): the nominal and the real index by quarter,
 * the latest year-on-year change written out, and the quarters as a table (the text alternative).
 * Pure.
 */
import { scaleLinear } from 'd3-scale'
import { formatDate } from '../i18n/format'
import { m } from '../paraglide/messages'
import type { Locale } from '../paraglide/runtime'
import { CHART_ROW, CHART_WIDTH } from './chart-layout'
import type { Bar, BarChart } from './types'
import { isPriceCountry, latestChange, quarterNumber, quarterParts, type Observation, type PriceCountry, type PriceSnapshot } from './prices'

export const PRICE_CHART = { HEIGHT: 190, LEFT: 30, RIGHT: 8, TOP: 8, BOTTOM: 22 } as const
/** The chart starts here, or at the series' first quarter when it is later. */
const FIRST_QUARTER = '2010-Q1'

type PriceLine = { label: string; className: string; d: string; last: { x: number; y: number } }

export type PriceChart = {
  width: number
  height: number
  xTicks: Array<{ x: number; label: string }>
  yTicks: Array<{ y: number; label: string }>
  lines: PriceLine[]
  /** The latest year-on-year change in words; null when the last four quarters are not all there. */
  latest: string | null
  source: { publisher: string; title: string; url: string; retrieved: string }
  table: { head: string[]; rows: string[][] }
}

const tag = (locale: Locale) => (locale === 'pt' ? 'pt-PT' : locale)

const quarterNames = [m.kf_prices_q1, m.kf_prices_q2, m.kf_prices_q3, m.kf_prices_q4]

/** `2025-Q4` as the locale writes a quarter (Q4 2025, 4. Quartal 2025, IV kw. 2025). */
export function quarterLabel(quarter: string, locale: Locale) {
  const { year, q } = quarterParts(quarter)
  return quarterNames[q - 1]({ year: String(year) }, { locale })
}

/** A year-on-year change with its sign (+5.1 %, −0.4 %) as the locale writes it. */
export function formatChange(fraction: number, locale: Locale) {
  return new Intl.NumberFormat(tag(locale), {
    style: 'percent',
    signDisplay: 'exceptZero',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(fraction)
}

/** The latest year-on-year changes of a country's two series, or null when either cannot be computed. */
export function priceChanges(snapshot: PriceSnapshot, code: PriceCountry) {
  const country = snapshot.countries[code]
  const nominal = latestChange(country.nominal.observations)
  const real = latestChange(country.real.observations)
  return nominal && real && nominal.quarter === real.quarter ? { quarter: nominal.quarter, nominal: nominal.change, real: real.change } : null
}

export function priceChart(snapshot: PriceSnapshot, code: PriceCountry, locale: Locale): PriceChart {
  const country = snapshot.countries[code]
  const from = quarterNumber(FIRST_QUARTER)
  const shown = (obs: Observation[]) => obs.filter(([q]) => quarterNumber(q) >= from)
  const nominal = shown(country.nominal.observations)
  const real = shown(country.real.observations)
  const all = [...nominal, ...real]
  const quarters = all.map(([q]) => quarterNumber(q))
  const values = all.map(([, v]) => v)
  const { HEIGHT, LEFT, RIGHT, TOP, BOTTOM } = PRICE_CHART
  const x = scaleLinear()
    .domain([Math.min(...quarters), Math.max(...quarters)])
    .range([LEFT, CHART_WIDTH - RIGHT])
  const y = scaleLinear()
    .domain([Math.min(...values), Math.max(...values)])
    .range([HEIGHT - BOTTOM, TOP])
    .nice(4)
  const round = (v: number) => Math.round(v * 10) / 10
  const path = (obs: Observation[]) => obs.map(([q, v], i) => `${i === 0 ? 'M' : 'L'}${round(x(quarterNumber(q)))} ${round(y(v))}`).join('')
  const end = (obs: Observation[]) => {
    const [q, v] = obs[obs.length - 1]
    return { x: round(x(quarterNumber(q))), y: round(y(v)) }
  }
  const [firstYear, lastYear] = [Math.ceil(Math.min(...quarters) / 4), Math.floor(Math.max(...quarters) / 4)]
  // A label every five years (every ten when that crowds a 320-unit axis), at each year's first quarter.
  const step = lastYear - firstYear > 25 ? 10 : 5
  const xTicks: PriceChart['xTicks'] = []
  for (let year = firstYear; year <= lastYear; year++)
    if (year % step === 0 || year === firstYear) xTicks.push({ x: round(x(year * 4)), label: String(year) })
  const index = new Intl.NumberFormat(tag(locale), { maximumFractionDigits: 0 })
  const yTicks = y.ticks(4).map((v) => ({ y: round(y(v)), label: index.format(v) }))
  const changes = priceChanges(snapshot, code)
  const value = new Intl.NumberFormat(tag(locale), { minimumFractionDigits: 1, maximumFractionDigits: 1 })
  const byQuarter = new Map<string, [string, string]>()
  for (const [q, v] of nominal) byQuarter.set(q, [value.format(v), '–'])
  for (const [q, v] of real) byQuarter.set(q, [byQuarter.get(q)?.[0] ?? '–', value.format(v)])
  return {
    width: CHART_WIDTH,
    height: HEIGHT,
    xTicks: xTicks.filter((t, i) => i === 0 || t.x - xTicks[i - 1].x > 30),
    yTicks,
    lines: [
      { label: m.kf_prices_nominal({}, { locale }), className: 'kf-line1', d: path(nominal), last: end(nominal) },
      { label: m.kf_prices_real({}, { locale }), className: 'kf-line2', d: path(real), last: end(real) },
    ],
    latest: changes
      ? m.kf_prices_latest(
          {
            quarter: quarterLabel(changes.quarter, locale),
            nominal: formatChange(changes.nominal, locale),
            real: formatChange(changes.real, locale),
          },
          { locale },
        )
      : null,
    source: {
      publisher: snapshot.source.publisher,
      title: snapshot.source.title,
      url: snapshot.source.url,
      retrieved: formatDate(snapshot.retrieved, locale),
    },
    table: {
      head: [m.kf_prices_quarter({}, { locale }), m.kf_prices_nominal({}, { locale }), m.kf_prices_real({}, { locale })],
      rows: [...byQuarter.entries()].sort(([a], [b]) => quarterNumber(b) - quarterNumber(a)).map(([q, [n, r]]) => [quarterLabel(q, locale), n, r]),
    },
  }
}

/**
 * The comparison's chart (decision 026): per country the latest year-on-year change, nominal and
 * real, as two bars from zero (left of it when prices fell); a country BIS does not cover says so.
 */
export function priceChangesChart(snapshot: PriceSnapshot, countries: Array<{ code: string; name: string }>, locale: Locale): BarChart {
  const { LABEL, BAR, GAP, AXIS } = CHART_ROW
  const rows = countries
    .map((c) => ({ ...c, changes: isPriceCountry(c.code) ? priceChanges(snapshot, c.code) : null }))
    .sort((a, b) => (b.changes?.nominal ?? -Infinity) - (a.changes?.nominal ?? -Infinity) || a.name.localeCompare(b.name, locale))
  const values = rows.flatMap((r) => (r.changes ? [r.changes.nominal, r.changes.real] : []))
  const x = scaleLinear()
    .domain([Math.min(0, ...values), Math.max(0.01, ...values)])
    .range([0, CHART_WIDTH])
    .nice(3)
  const percent = new Intl.NumberFormat(tag(locale), { style: 'percent', maximumFractionDigits: 0 })
  const rowHeight = LABEL + 2 * BAR + 4 + GAP
  const none = m.kf_prices_not_covered({}, { locale })
  const nominalName = m.kf_prices_nominal({}, { locale })
  const realName = m.kf_prices_real({}, { locale })
  const text = (r: (typeof rows)[number]) =>
    r.changes
      ? `${quarterLabel(r.changes.quarter, locale)}: ${nominalName} ${formatChange(r.changes.nominal, locale)} · ${realName} ${formatChange(r.changes.real, locale)}`
      : none
  return {
    width: CHART_WIDTH,
    height: rows.length * rowHeight + AXIS,
    ticks: x.ticks(3).map((v) => ({ x: x(v), label: percent.format(v) })),
    rows: rows.map((r, i) => {
      const bar = (value: number, lane: number, label: string, className: string): Bar => ({
        label,
        x: Math.min(x(0), x(value)),
        width: Math.max(1, Math.abs(x(value) - x(0))),
        lane,
        className,
        title: `${label}: ${formatChange(value, locale)}`,
      })
      return {
        y: i * rowHeight,
        label: r.name,
        value: r.changes ? `${formatChange(r.changes.nominal, locale)} · ${formatChange(r.changes.real, locale)}` : none,
        bars: r.changes ? [bar(r.changes.nominal, 0, nominalName, 'kf-c1'), bar(r.changes.real, 1, realName, 'kf-c2')] : [],
      }
    }),
    legend: [
      { label: nominalName, className: 'kf-c1' },
      { label: realName, className: 'kf-c2' },
    ],
    table: {
      head: [m.kf_country({}, { locale }), m.kf_chart_prices_title({}, { locale })],
      rows: rows.map((r) => [r.name, text(r)]),
    },
  }
}
