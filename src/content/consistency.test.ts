import { describe, expect, it } from 'vitest'
import { consistencyReport } from './consistency-report'
import { analyze, compare, figuresOf, unconfirmed } from './consistency'
import { loadContent } from './load.server'
import { contentDir } from './store.server'

const source = `## Taxes

Transfer tax is 3.09% on resale, EUR 800,000 in Attica since 2024, about 0.8-1% for the notary.
Prices fell in the 1990s.

| Item | Rate |
|---|---|
| Transfer tax | 3.09% |
| Notary | 0.8-1% |

1. **Get an AFM.**
2. Sign before a notary.

See [the tax authority](https://www.aade.gr).
`

const german = `## Steuern

Die Grunderwerbsteuer beträgt 3,09 %, seit 2024 gelten in Attika 800.000 EUR, für den Notar etwa 0,8–1 %.
In den 90er-Jahren fielen die Preise.

| Posten | Satz |
|---|---|
| Grunderwerbsteuer | 3,09 % |
| Notar | 0,8–1 % |

1. **AFM beantragen.**
2. Beim Notar unterschreiben.

Siehe [die Steuerbehörde](https://www.aade.gr).
`

describe('figures', () => {
  it('reads numbers by the convention of the language', () => {
    expect(figuresOf('EUR 800,000 and 3.09% in 2024', 'en')).toEqual(['800000', '3.09', '2024'])
    expect(figuresOf('800.000 EUR und 3,09 % im Jahr 2024', 'de')).toEqual(['800000', '3.09', '2024'])
    expect(figuresOf('800 000 € et 3,09 %', 'fr')).toEqual(['800000', '3.09'])
    expect(figuresOf('800\u202f000 zł', 'pl')).toEqual(['800000'])
    expect(figuresOf('1.1.2026', 'fi')).toEqual(['1', '1', '2026'])
  })

  it('reads an English decimal point in another language as a different number', () => {
    expect(figuresOf('3.09 %', 'de')).not.toContain('3.09')
  })
})

describe('consistency with the English source', () => {
  it('finds nothing to report in a faithful translation', () => {
    expect(compare(analyze(source, 'en'), analyze(german, 'de'))).toEqual([])
  })

  it('reports a missing table row, list item, heading, figure and link', () => {
    const broken = german
      .replace('| Notar | 0,8–1 % |\n', '')
      .replace('2. Beim Notar unterschreiben.\n', '')
      .replace('## Steuern', 'Steuern')
      .replace('3,09 %, seit', 'drei Prozent, seit')
      .replace('(https://www.aade.gr)', '(https://example.org)')
    const keys = compare(analyze(source, 'en'), analyze(broken, 'de')).map((d) => d.key)
    expect(keys).toEqual(['headings h2:1/none', 'table rows 3/2', 'list items 2/1', 'link https://www.aade.gr'])
    const withoutFigure = german.replaceAll('3,09', '3.09')
    expect(compare(analyze(source, 'en'), analyze(withoutFigure, 'de')).map((d) => d.key)).toEqual(['figure 3.09'])
  })

  it('leaves out the differences a person confirmed', () => {
    const differences = compare(analyze(source, 'en'), analyze(german.replaceAll('3,09', 'drei'), 'de'))
    expect(unconfirmed(differences, ['figure 3.09'])).toEqual([])
    expect(unconfirmed(differences, ['figure 3.1'])).toHaveLength(1)
  })

  it('holds for every translation of the bundled content, or the difference is confirmed', () => {
    const { store } = loadContent(contentDir())
    expect(consistencyReport(store).map((e) => `${e.file}: ${e.differences.map((d) => d.key).join(', ')}`)).toEqual([])
  })
})
