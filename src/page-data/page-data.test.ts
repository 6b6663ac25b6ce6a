import { describe, expect, it } from 'vitest'
import { guideCountries } from '../content/countries'
import { loadContent } from '../content/load.server'
import { calculate, exampleInput } from '../key-figures/calculator/engine'
import { costsChart } from '../key-figures/charts'
import { comparisonModel } from '../key-figures/comparison.server'
import { comparisonData, comparisonFor, comparisonView } from './comparison.server'
import { guideFigures } from './guide.server'

const { store } = loadContent('content')
const dataset = store.keyFigures
const comparisonRows = (locale: 'en' | 'de' | 'el') => {
  const table = comparisonView(store, locale).markup!.table
  return comparisonModel(store, locale).rows.map((row) => ({
    ...row,
    html: new RegExp(`<tr data-country="${row.code}"[^>]*>(.*?)</tr>`).exec(table)?.[1] ?? '',
  }))
}

describe('the guides and the comparison page', () => {
  it('print the same text for a figure, in every locale tested', () => {
    for (const locale of ['en', 'de', 'el'] as const) {
      const rows = comparisonRows(locale)
      for (const code of guideCountries) {
        const guide = guideFigures(store, locale, code)!
        const row = rows.find((r) => r.code === code)!
        for (const cell of [...guide.panel, ...guide.costs]) {
          expect(row.text[cell.key] ?? null, `${locale} ${code} ${cell.key}`).toBe(cell.text)
          // The same text, date and source note as drawn in the row's cell.
          if (cell.text) expect(row.html).toContain(`data-figure="${cell.key}" data-value="${cell.text}"`)
          if (cell.checked) expect(row.html.toLowerCase()).toContain(`datetime="${cell.checked}"`)
        }
      }
    }
  })

  it('has 11 rows, four charts with their tables and a map with the United States apart, in the page’s language', () => {
    const view = comparisonView(store, 'de').markup!
    expect(view.table.match(/<tr data-country=/g)).toHaveLength(11)
    expect(view.table).toContain('Land')
    expect(view.map.match(/<svg[^>]*role="img"/g)).toHaveLength(2)
    expect(view.map).toMatch(/aria-label="Vereinigte Staaten: /)
    expect(view.charts.match(/<svg[^>]*role="img"/g)).toHaveLength(4)
    expect(view.charts.match(/<table/g)).toHaveLength(4)
    expect(view.charts).toMatch(/\d\.\d{3}\u00a0€/)
  })

  it('draws the costs chart from the same sums as the one-off column', () => {
    const chart = costsChart(
      dataset.countries.map((figures) => ({ figures, name: figures.country, capital: figures.capital, city: figures.city })),
      dataset.rates,
      'en',
    )
    const rows = comparisonRows('en')
    for (const row of chart.rows) {
      const country = rows.find((r) => r.code === row.label)!
      expect(country.html).toContain(row.value.split(' · ')[0])
      expect(row.value.split(' · ')[1]).toBe(country.text.oneOff)
    }
  })
})

describe('the guides’ calculator', () => {
  it('is drawn in the guide’s language, whichever request builds it first', () => {
    // Tests run outside any request: Paraglide's own locale is English here.
    expect(guideFigures(store, 'de', 'GR')!.calculator.html).toContain('>Preis (€)<')
    expect(guideFigures(store, 'el', 'GR')!.calculator.html).not.toContain('>Price (€)<')
  })
})

describe('region and state names (issue 38), drawn', () => {
  const english = ['Sofia Municipality', 'New York State', 'Comunidad de Madrid', 'Catalunya']

  it('are in the page’s language in the figures, the calculator’s list and its result, and as written in English', () => {
    for (const locale of ['de', 'el', 'bg', 'uk'] as const) {
      for (const code of ['BG', 'US', 'ES'] as const) {
        const guide = guideFigures(store, locale, code)!
        const printed = [...guide.panel, ...guide.costs].flatMap((c) => c.details).join('\n')
        for (const name of english) expect(printed, `${locale} ${code}`).not.toContain(name)
        expect(guide.calculator.html, `${locale} ${code}`).not.toMatch(/>(Sofia Municipality|New York State)/)
      }
    }
    const bg = guideFigures(store, 'bg', 'BG')!
    expect(bg.costs.flatMap((c) => c.details).join(' ')).toContain('Столична община')
    expect(guideFigures(store, 'de', 'US')!.calculator.html).toContain('>Bundesstaat New York<')
    // The value sent stays the dataset's name; the label is the page's.
    expect(guideFigures(store, 'de', 'US')!.calculator.pages[0].regionNames?.['New York State']).toBe('Bundesstaat New York')
    expect(
      guideFigures(store, 'en', 'BG')!
        .costs.flatMap((c) => c.details)
        .join(' '),
    ).toContain('Sofia Municipality')
    // The live calculator's result names the region as the list does.
    const us = guideFigures(store, 'de', 'US')!.calculator.pages[0]
    const usd = dataset.rates!.rates.USD!.eurPerUnit
    const rule = calculate(us, { ...exampleInput(1_000_000 * usd), region: 'New York State' }, 'de').lines.find((l) => l.key === 'transferTax')?.rule
    expect(rule).toContain('Bundesstaat New York')
    const es = guideFigures(store, 'el', 'ES')!.calculator.pages[0]
    expect(calculate(es, { ...exampleInput(250_000), region: 'Andalucía' }, 'el').lines.find((l) => l.key === 'transferTax')?.rule).toContain(
      'Ανδαλουσία',
    )
  })
})

describe('the comparison’s data', () => {
  it('carries its drawn parts in the data file, not in what the page’s own request sends', () => {
    expect(comparisonView(store, 'en').markup?.table).toContain('<table')
    expect(comparisonData(store, 'en').markup).toBeUndefined()
    expect(comparisonData(store, 'en').calculatorPages).toHaveLength(11)
  })
})

describe('a sorted or re-shaded comparison', () => {
  it('draws the table in the asked order with links that reverse it, and the map by the asked figure', () => {
    const { table, map } = comparisonFor(store, 'en', { sort: 'transferTax', dir: 'desc', map: 'pricePerM2' })
    const order = [...table.matchAll(/<tr data-country="([A-Z]{2})"/g)].map((m) => m[1])
    expect(order[0]).toBe('IT')
    expect(order.at(-1)).toBe('AL')
    expect(table).toContain('aria-sort="descending"')
    expect(table).toContain('href="/en/blog/countries/compare?sort=transferTax&amp;dir=asc&amp;map=pricePerM2#kf-table"')
    expect(map).toMatch(/aria-current="page"[^>]*>Price per m², capital</)
  })
})
