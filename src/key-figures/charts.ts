/**
 * The comparison page's charts, laid out on the server in SVG viewBox units with d3-scale; React
 * draws them from these numbers (src/components/key-figures/BarChartView.tsx). Each carries its
 * data as a table, the chart's text alternative. Pure.
 */
import { scaleLinear } from 'd3-scale'
import { formatMoney, formatPercent, formatPercentRange } from '../i18n/format'
import { m } from '../paraglide/messages'
import type { Locale } from '../paraglide/runtime'
import { EXAMPLE_PRICE_EUR, oneOffCosts, oneOffKeys } from './costs'
import type { CountryFigures, ExchangeRates } from './schema'
import type { Bar, BarChart } from './types'
import { lowestThresholdEur } from './cells'
import { noneText } from './none-text'
import { lineNames } from './calculator/names'
import { CHART_ROW, CHART_WIDTH } from './chart-layout'

const { LABEL, BAR, GAP, AXIS } = CHART_ROW

export type ChartCountry = { figures: CountryFigures; name: string; capital: string; city: string }

function axis(max: number, format: (v: number) => string) {
  const x = scaleLinear().domain([0, max]).range([0, CHART_WIDTH]).nice(3)
  // At most three labels: more run into each other in a 320-unit axis, in some locales and on a phone's larger text.
  const all = x.ticks(3)
  const every = Math.ceil(all.length / 3)
  const ticks = all.filter((_, i) => i % every === 0).map((v) => ({ x: x(v), label: format(v) }))
  return { x, ticks }
}

/** Stacked bars: the one-off costs of the example resale by component, largest total first. */
export function costsChart(countries: ChartCountry[], rates: ExchangeRates | null, locale: Locale): BarChart {
  const rows = countries
    .map((c) => ({ c, costs: oneOffCosts(c.figures, EXAMPLE_PRICE_EUR, rates) }))
    // Only complete sums are compared (issue 37): a country with a cost lacking a sourced figure is left out, and named.
    .filter((r) => r.costs.missing.length === 0)
    .sort((a, b) => b.costs.totalEur - a.costs.totalEur)
  const { x, ticks } = axis(Math.max(1, ...rows.map((r) => r.costs.totalEur)), (v) => formatMoney(v, locale))
  const money = (v: number) => formatMoney(Math.round(v), locale)
  return {
    width: CHART_WIDTH,
    height: rows.length * (LABEL + BAR + GAP) + AXIS,
    ticks,
    rows: rows.map(({ c, costs }, i) => {
      let at = 0
      const bars: Bar[] = costs.lines.map((line) => {
        const bar = {
          label: lineNames[line.key](locale),
          x: x(at),
          width: x(at + line.amountEur) - x(at),
          lane: 0,
          className: `kf-c${oneOffKeys.indexOf(line.key) + 1}`,
          title: `${lineNames[line.key](locale)}: ${money(line.amountEur)}`,
        }
        at += line.amountEur
        return bar
      })
      return { y: i * (LABEL + BAR + GAP), label: c.name, value: `${money(costs.totalEur)} · ${formatPercent(costs.share, locale)}`, bars }
    }),
    legend: oneOffKeys
      .filter((key) => rows.some((r) => r.costs.lines.some((l) => l.key === key)))
      .map((key) => ({ label: lineNames[key](locale), className: `kf-c${oneOffKeys.indexOf(key) + 1}` })),
    table: {
      head: [m.kf_country({}, { locale }), ...oneOffKeys.map((k) => lineNames[k](locale)), m.kf_total({}, { locale })],
      rows: rows.map(({ c, costs }) => [
        c.name,
        ...oneOffKeys.map((k) => {
          const line = costs.lines.find((l) => l.key === k)
          // Only complete sums are drawn, so a line the country lacks is a charge it does not have.
          if (!line) return m.kf_none({}, { locale })
          const figure = line.figure ? c.figures.figures[line.figure] : undefined
          return (figure?.none && noneText(figure.because, locale)) || money(line.amountEur)
        }),
        `${money(costs.totalEur)} (${formatPercent(costs.share, locale)})`,
      ]),
    },
  }
}

const rangeOf = (f: CountryFigures['figures']['yieldCapital']): [number, number] | null =>
  f?.rateRange ?? (f?.rate !== undefined ? [f.rate, f.rate] : null)

/** Two range bars per country: gross yield in the capital and in one more city. */
export function yieldsChart(countries: ChartCountry[], locale: Locale): BarChart {
  const rows = countries
    .map((c) => ({ c, capital: rangeOf(c.figures.figures.yieldCapital), city: rangeOf(c.figures.figures.yieldCity) }))
    .filter((r) => r.capital || r.city)
    .sort((a, b) => (b.capital?.[1] ?? b.city?.[1] ?? 0) - (a.capital?.[1] ?? a.city?.[1] ?? 0))
  const max = Math.max(1, ...rows.flatMap((r) => [r.capital?.[1] ?? 0, r.city?.[1] ?? 0]))
  const { x, ticks } = axis(max, (v) => formatPercent(v / 100, locale))
  const range = (r: [number, number]) => formatPercentRange(r[0] / 100, r[1] / 100, locale)
  const na = m.kf_not_available({}, { locale })
  const rowHeight = LABEL + 2 * BAR + 4 + GAP
  return {
    width: CHART_WIDTH,
    height: rows.length * rowHeight + AXIS,
    ticks,
    rows: rows.map(({ c, capital, city }, i) => {
      const bars: Bar[] = []
      // A single figure (not a range) still shows as a short mark.
      const bar = (r: [number, number], label: string, className: string) => ({
        label,
        x: x(r[0]),
        width: Math.max(3, x(r[1]) - x(r[0])),
        lane: bars.length,
        className,
        title: `${label}: ${range(r)}`,
      })
      if (capital) bars.push(bar(capital, c.capital, 'kf-c1'))
      if (city) bars.push(bar(city, c.city, 'kf-c3'))
      return {
        y: i * rowHeight,
        label: c.name,
        value: [capital ? `${c.capital} ${range(capital)}` : null, city ? `${c.city} ${range(city)}` : null].filter(Boolean).join(' · '),
        bars,
      }
    }),
    legend: [
      { label: m.kf_fig_yieldCapital({}, { locale }), className: 'kf-c1' },
      { label: m.kf_fig_yieldCity({}, { locale }), className: 'kf-c3' },
    ],
    table: {
      head: [m.kf_country({}, { locale }), m.kf_fig_yieldCapital({}, { locale }), m.kf_fig_yieldCity({}, { locale })],
      rows: rows.map(({ c, capital, city }) => [c.name, capital ? `${c.capital}: ${range(capital)}` : na, city ? `${c.city}: ${range(city)}` : na]),
    },
  }
}

/** One bar per country with an open route (its lowest threshold in euros); the others say why not. */
export function residenceChart(
  countries: ChartCountry[],
  rates: ExchangeRates | null,
  locale: Locale,
  status: (c: CountryFigures) => string,
): BarChart {
  const rows = countries
    .filter((c) => c.figures.residence)
    .map((c) => ({ c, eur: lowestThresholdEur(c.figures, rates) }))
    .sort((a, b) => (a.eur ?? Infinity) - (b.eur ?? Infinity) || a.c.name.localeCompare(b.c.name, locale))
  const { x, ticks } = axis(Math.max(1, ...rows.map((r) => r.eur ?? 0)), (v) => formatMoney(v, locale))
  return {
    width: CHART_WIDTH,
    height: rows.length * (LABEL + BAR + GAP) + AXIS,
    ticks,
    rows: rows.map(({ c, eur }, i) => ({
      y: i * (LABEL + BAR + GAP),
      label: c.name,
      value: status(c.figures),
      bars:
        eur === null
          ? []
          : [{ label: c.name, x: 0, width: x(eur), lane: 0, className: 'kf-c2', title: `${c.name}: ${formatMoney(Math.round(eur), locale)}` }],
    })),
    legend: [],
    table: {
      head: [m.kf_country({}, { locale }), m.kf_fig_residence({}, { locale })],
      rows: rows.map(({ c }) => [c.name, status(c.figures)]),
    },
  }
}
