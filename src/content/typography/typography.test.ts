import { describe, expect, it } from 'vitest'
import type { Locale } from '../../paraglide/runtime'
import { checkDocument, checkFiles, checkTypography, fixDocument, parseTypographyExceptions } from '.'

const rules = (text: string, locale: Locale) => checkTypography(text, locale).map((issue) => issue.rule)
const fixed = (text: string, locale: Locale) => fixDocument(text, locale).source

describe('quotation marks', () => {
  it('rejects a straight double quote in prose in every language', () => {
    expect(rules('The so-called "golden visa" ended.', 'en')).toEqual(['quote', 'quote'])
    expect(rules('Das sogenannte "Goldene Visum" endete.', 'de')).toEqual(['quote', 'quote'])
    expect(rules('Le « visa doré » a pris fin.', 'fr')).toEqual([])
  })

  it("rejects another language's primary marks and accepts the language's own pairs", () => {
    expect(rules('Das sogenannte “Goldene Visum” endete.', 'de')).toEqual(['quote'])
    expect(rules('Le „visa doré“ a pris fin.', 'fr')).toEqual(['quote'])
    expect(rules('Tak zwany “złoty wiz” wygasł.', 'pl')).toEqual(['quote'])
    expect(rules('Das sogenannte „Goldene Visum“ endete, „mit ‚Übergang‘ “.', 'de')).toEqual([])
    expect(rules('Tak zwana „złota wiza” i «cytat»', 'pl')).toEqual([])
    expect(rules('Det så kallade ”gyllene visumet” och ’citat’', 'sv')).toEqual([])
    expect(rules('The “golden visa” and the owner’s ‘quote’', 'en')).toEqual([])
  })

  it('wants the no-break space inside French guillemets', () => {
    expect(rules('Le «visa doré» a pris fin.', 'fr')).toEqual(['quote', 'quote'])
    expect(rules('Il cosiddetto «visto d’oro» è finito.', 'it')).toEqual([])
  })

  it('names the line and quotes the text around the problem', () => {
    const [issue] = checkTypography('First paragraph.\n\nA "quote.', 'en')
    expect(issue).toMatchObject({ rule: 'quote', line: 3, column: 3, excerpt: 'A "quote.' })
    expect(issue.message).toMatch(/“…”/)
  })
})

describe('apostrophes', () => {
  it('wants ’ between letters in French and Italian, and lets other languages be', () => {
    expect(rules("l'immobilier", 'fr')).toEqual(['apostrophe'])
    expect(rules("dell'acquisto", 'it')).toEqual(['apostrophe'])
    expect(rules('l’immobilier et dell’acquisto', 'fr')).toEqual([])
    expect(rules("the buyer's notary", 'en')).toEqual([])
  })

  it('wants ’ in Greek elisions, which stand before a space, and leaves ’ alone', () => {
    expect(rules("γι' αυτό", 'el')).toEqual(['apostrophe'])
    expect(rules("κατ' αρχήν και απ' όλους", 'el')).toEqual(['apostrophe', 'apostrophe'])
    expect(rules('γι’ αυτό, κατ’ αρχήν', 'el')).toEqual([])
    expect(fixed("Γι' αυτό, κατ' αρχήν.", 'el')).toBe('Γι’ αυτό, κατ’ αρχήν.')
  })
})

describe('amounts of money', () => {
  it('puts the € on the side and at the distance the site formats it', () => {
    expect(rules('It costs 300,000 €.', 'en')).toEqual(['money-sign'])
    expect(rules('Es kostet €300.000.', 'de')).toEqual(['money-sign'])
    expect(rules('Het kost €300.000.', 'nl')).toEqual(['money-sign'])
    expect(rules('Es kostet 300.000€.', 'de')).toEqual(['money-sign'])
    expect(rules('It costs €300,000, or €1.2 million with €20 of fees.', 'en')).toEqual([])
    expect(rules('Het kost € 300.000 of € 1,2 miljoen.', 'nl')).toEqual([])
    expect(rules('Es kostet 300.000 € oder 1,2 Mio. €.', 'de')).toEqual([])
  })

  it("groups the digits with the language's separator, four-digit ones where the language does", () => {
    expect(rules('Il coûte 300.000 €.', 'fr')).toEqual(['money-number'])
    expect(rules('Kosztuje 300,000 €.', 'pl')).toEqual(['money-number'])
    expect(rules('Es kostet 300000 €.', 'de')).toEqual(['money-number'])
    expect(rules('It costs €300.000.', 'en')).toEqual(['money-number'])
    expect(rules('Il coûte 300 000 € ou 300\u00a0000\u00a0€ ou 300\u202f000 €.', 'fr')).toEqual([])
    expect(rules('Kosztuje 5000 € albo 5 000 €.', 'pl')).toEqual([])
    expect(rules('Cuesta 5000 € o 5.000 €.', 'es')).toEqual([])
    expect(rules('Es kostet 5000 €.', 'de')).toEqual(['money-number'])
    expect(rules('It costs €5000.', 'en')).toEqual(['money-number'])
  })

  it('checks both ends of a range and a decimal comma', () => {
    expect(rules('Kosten: 200.000–400,000 €', 'de')).toEqual(['money-number'])
    expect(rules('Kosten: 0.60 €', 'de')).toEqual(['money-number'])
    expect(rules('Kosten: 200.000–400.000 € und 0,60–8,00 €', 'de')).toEqual([])
    expect(rules('Costs: €200,000–400,000 and €0.60', 'en')).toEqual([])
  })

  it('rejects EUR for an amount, not for the currency', () => {
    expect(rules('It costs EUR 300,000.', 'en')).toEqual(['money-code'])
    expect(rules('Kosztuje 188 000 EUR.', 'pl')).toEqual(['money-code'])
    expect(rules('| Kwota (EUR) |\n\nKurs EUR/PLN', 'pl')).toEqual([])
  })
})

describe('percentages', () => {
  it('sets % apart where the site does, with its decimal separator', () => {
    expect(rules('A 10 % tax', 'en')).toEqual(['percent'])
    expect(rules('Podatek 10 %', 'pl')).toEqual(['percent'])
    expect(rules('Eine Steuer von 10%', 'de')).toEqual(['percent'])
    expect(rules('Une taxe de 3.09 %', 'fr')).toEqual(['percent'])
    expect(rules('A 3.09% tax, 10–20%', 'en')).toEqual([])
    expect(rules('Eine Steuer von 3,09 % und 10\u00a0%', 'de')).toEqual([])
    expect(rules('Podatek 3,09%', 'pl')).toEqual([])
  })
})

describe('what is not prose', () => {
  it('skips code, URLs, link targets, autolinks and HTML attributes', () => {
    const markdown = [
      'Set `lang="de"` and see [the notice](https://example.com/a?q="x"&p=10%25 "A title") or <https://example.com/"x">.',
      "Read https://example.com/l'immobilier?x=10 % now.",
      '<span title="a &quot;b&quot;">text</span>',
      '```',
      'const price = "EUR 300,000"',
      '```',
    ].join('\n')
    expect(checkTypography(markdown, 'fr')).toEqual([])
    expect(rules('See [EUR 300,000](https://example.com/eur-300000).', 'en')).toEqual(['money-code'])
  })
})

describe('content files', () => {
  const source = [
    '---',
    'title: "Acheter : l\'essentiel"',
    'description: "Un \\"guide\\""',
    'slug: "l-essentiel"',
    '---',
    '',
    'Un texte à 10%.',
  ].join('\n')

  it('checks the front matter text with the file’s line numbers, not its YAML quotes or slug', () => {
    const { issues } = checkDocument(source, 'fr')
    expect(issues.map((issue) => [issue.rule, issue.line])).toEqual([
      ['apostrophe', 2],
      ['quote', 3],
      ['quote', 3],
      ['percent', 7],
    ])
  })

  it('lets an exception allow a quotation that needs another form, and reports one that matches nothing', () => {
    const allowed = checkDocument(source, 'fr', ['Un "guide"', 'no longer in the text'])
    expect(allowed.issues.map((issue) => issue.rule)).toEqual(['apostrophe', 'percent'])
    expect(allowed.unused).toEqual(['no longer in the text'])
    // An excerpt allows only the problems it covers whole: here the opening quote, not the closing one.
    expect(checkDocument(source, 'fr', ['Un "gu']).issues).toHaveLength(3)
    expect(checkDocument(source, 'fr', ['"g']).issues).toHaveLength(3)
  })

  it('reads the exceptions file through its schema', () => {
    expect(parseTypographyExceptions('- file: posts/x/de.md\n  excerpt: "»Der Spiegel«"\n  reason: the magazine\'s own title').problems).toEqual([])
    expect(parseTypographyExceptions('- file: de.md\n  excerpt: x').problems).toHaveLength(2)
    expect(parseTypographyExceptions('').exceptions).toEqual([])
  })

  it('applies exceptions per file and names the stale ones', () => {
    const exceptions = [
      { file: 'posts/a/en.md', excerpt: 'the "x" key', reason: 'a literal key' },
      { file: 'posts/b/en.md', excerpt: 'gone', reason: 'removed text' },
    ]
    const result = checkFiles(
      [
        { file: 'posts/a/en.md', locale: 'en', source: 'Press the "x" key.' },
        { file: 'posts/c/en.md', locale: 'en', source: 'Press the "x" key.' },
      ],
      exceptions,
    )
    expect(result.issues.map((issue) => issue.file)).toEqual(['posts/c/en.md', 'posts/c/en.md'])
    expect(result.unused).toEqual([exceptions[1]])
  })
})

describe('fixDocument', () => {
  it('turns straight quotes into the language’s pair, nested ones into the secondary pair', () => {
    expect(fixed('The "golden visa" ended.', 'en')).toBe('The “golden visa” ended.')
    expect(fixed('Das "Goldene Visum" endete.', 'de')).toBe('Das „Goldene Visum“ endete.')
    expect(fixed('Le "visa doré" a pris fin.', 'fr')).toBe('Le «\u00a0visa doré\u00a0» a pris fin.')
    expect(fixed('„Er sagte "ja" dazu“', 'de')).toBe('„Er sagte ‚ja‘ dazu“')
    expect(fixed('Sh. „vlerës objektive“ zyrtare', 'sq')).toBe('Sh. «vlerës objektive» zyrtare')
  })

  it('writes amounts and percentages the way the site formats them', () => {
    expect(fixed('A EUR 250,000 to 800,000 range, EUR 1.2 million, 10 % and 2,000 €/m²', 'en')).toBe(
      'A €250,000 to 800,000 range, €1.2 million, 10% and €2,000/m²',
    )
    expect(fixed('Ab EUR 200.000–400.000, €1,2 Mio. und 3.5% Steuer', 'de')).toBe('Ab 200.000–400.000 €, 1,2 Mio. € und 3,5 % Steuer')
    expect(fixed('Od 300.000 € (ok. 188 000 EUR) i 1,500 €', 'pl')).toBe('Od 300 000 € (ok. 188 000 €) i 1 500 €')
    expect(fixed("L'achat à 5%", 'fr')).toBe('L’achat à 5 %')
  })

  it('rewrites a front matter value as a YAML string and leaves what it cannot decide', () => {
    const source = ['---', "title: L'essentiel", 'slug: "l-essentiel"', '---', 'A 5" screen and "one'].join('\n')
    const result = fixDocument(source, 'fr')
    expect(result.source).toBe(['---', 'title: "L’essentiel"', 'slug: "l-essentiel"', '---', 'A 5" screen and "one'].join('\n'))
    expect(result.fixed).toBe(1)
    expect(result.left.map((issue) => issue.rule)).toEqual(['quote', 'quote'])
  })

  it('does not touch what an exception allows', () => {
    expect(fixDocument('Press the "x" key.', 'en', ['the "x" key']).source).toBe('Press the "x" key.')
  })
})
