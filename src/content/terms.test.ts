import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { locales, type Locale } from '../paraglide/runtime'
import { dataProse, findRefusedTerms, markdownProse, parseTermList, taxFamilies, variantPattern } from './terms'

const bundled = (locale: Locale) => {
  const { list, problems } = parseTermList(readFileSync(join('content/terms', `${locale}.yaml`), 'utf8'), locale)
  expect(problems).toEqual([])
  return list
}
const refused = (text: string, locale: Locale) => findRefusedTerms(text, bundled(locale)).map((issue) => issue.found)

/** A list naming every family, with some written out. */
const minimal = (written: Record<string, string> = {}) =>
  Object.entries({ ...Object.fromEntries(taxFamilies.map((f) => [f, `{ use: "x ${f}" }`])), ...written })
    .map(([family, value]) => `${family}: ${value}`)
    .join('\n')

describe('a refused variant', () => {
  it('matches whole words, any case, and * any ending of a word', () => {
    const pattern = variantPattern('гербов* данъ*')
    for (const text of ['гербов данък', 'Гербовият данък', 'гербовия данък', 'гербови данъци', 'гербов\nданък'])
      expect(text.match(pattern)?.[0], text).toBe(text)
    for (const text of ['гербов налог', 'гербовият налог', 'данък при прехвърляне', 'негербов данък']) expect(pattern.test(text), text).toBe(false)
  })

  it('keeps the case when asked: the Finnish "ALV" is refused, "alv" and "Alv" are right', () => {
    const pattern = variantPattern('ALV', true)
    expect('hanki ALV-numero, 24 % ALV:n'.match(pattern)).toEqual(['ALV', 'ALV'])
    expect(pattern.test('alv, Alv keskeytetty, alv-numero, PALVELU')).toBe(false)
  })
})

describe('the bundled term lists', () => {
  it('name every tax family in all 18 languages, and no list refuses its own term', () => {
    for (const locale of locales) expect(Object.keys(bundled(locale).families)).toEqual(expect.arrayContaining(['transferTax', 'stampDuty', 'vat']))
  })

  // The review's old strings (2026-11, table 3) fail; what replaced them passes.
  const defects: Array<[Locale, string, string]> = [
    ['bg', 'Гербов данък', 'Гербов налог'],
    ['bg', 'Добавя се гербовият данък AJD', 'Добавя се гербовият налог AJD'],
    ['bg', 'Добавя се гербов данък 0,8%', 'Добавя се гербов налог от 0,8%'],
    ['bg', 'за кооперативните апартаменти не се плаща гербов данък', 'за кооперативните апартаменти не се плаща гербов налог'],
    ['sq', 'Taksa e vulës', 'Taksa e pullës'],
    ['sq', 'Shtohet taksa e vulës AJD', 'Shtohet taksa e pullës AJD'],
    ['sq', 'apartamentet kooperative nuk paguajnë taksë vule', 'apartamentet kooperative nuk paguajnë taksë pulle'],
    [
      'uk',
      'тоді з продажу натомість сплачується податок на передачу 3%',
      'тоді з продажу натомість сплачується податок на перехід права власності 3%',
    ],
    [
      'uk',
      'старіші будівлі натомість обкладаються податком на передачу',
      'старіші будівлі натомість обкладаються податком на перехід права власності',
    ],
    ['uk', 'Покупці з ЄС/ЄЕП купують', 'Покупці з ЄС/ЄЕЗ купують'],
    ['nl', 'Betaal de overdrachtsbelasting (ITP) of de zegelbelasting (AJD)', 'Betaal de overdrachtsbelasting (ITP) of het zegelrecht (AJD)'],
    ['nl', '| Zegelbelasting (AJD) | N.v.t. |', '| Zegelrecht (AJD) | N.v.t. |'],
    ['it', 'gli edifici più vecchi scontano invece l’imposta sul trasferimento', 'gli edifici più vecchi scontano invece l’imposta di trasferimento'],
    ['ro', 'clădirile mai vechi suportă în schimb impozitul pe transfer', 'clădirile mai vechi suportă în schimb taxa de transfer'],
    ['cs', 'DPH pozastavena: místo ní se platí daň z nabytí', 'DPH pozastavena: místo ní se platí daň z převodu'],
    ['cs', 'Daň z nabytí, starší nemovitost', 'Daň z převodu, starší nemovitost'],
    [
      'pl',
      'VAT zawieszony: zamiast niego płaci się podatek od nabycia',
      'VAT zawieszony: zamiast niego płaci się podatek od przeniesienia własności',
    ],
    ['fi', 'ALV keskeytetty: sen sijaan peritään varainsiirtovero', 'Alv keskeytetty: sen sijaan peritään varainsiirtovero'],
    ['fi', 'Usein 2–3 % + ALV', 'Usein 2–3 % + alv'],
  ]
  it.each(defects)('%s: refuses "%s" and accepts its correction', (locale, before, after) => {
    expect(refused(before, locale)).toHaveLength(1)
    expect(refused(after, locale)).toEqual([])
  })

  it('leave the right words alone where they are near a refused one', () => {
    expect(refused('при передачі житлової нерухомості; податок на нерухомість', 'uk')).toEqual([])
    expect(refused('platí se převodní poplatky katastru; cena nabytí', 'cs')).toEqual([])
    expect(refused('podatek od czynności cywilnoprawnych (PCC); koszt nabycia', 'pl')).toEqual([])
    expect(refused('l’imposta di registro al 9%', 'it')).toEqual([])
    expect(refused('vula e noterit', 'sq')).toEqual([])
  })

  it('find nothing in the bundled guides, posts, pages, key figures and messages', () => {
    const found: string[] = []
    for (const locale of locales) {
      const list = bundled(locale)
      const markdown = ['posts', 'countries', 'pages'].flatMap((kind) =>
        readdirSync(join('content', kind))
          .map((key) => join('content', kind, key, `${locale}.md`))
          .filter((file) => existsSync(file)),
      )
      for (const file of markdown) {
        const source = readFileSync(file, 'utf8')
        found.push(...findRefusedTerms(markdownProse(source), list, source).map((issue) => `${file}:${issue.line} ${issue.found}`))
      }
      for (const file of [`content/key-figures/translations/${locale}.yaml`, `messages/${locale}.json`].filter((f) => existsSync(f))) {
        const source = readFileSync(file, 'utf8')
        found.push(...findRefusedTerms(dataProse(source), list, source).map((issue) => `${file}:${issue.line} ${issue.found}`))
      }
    }
    expect(found).toEqual([])
  })
})

describe('where a variant is looked for', () => {
  const nl = () => parseTermList(minimal({ stampDuty: '{ use: zegelrecht, refuse: ["zegelbelasting*"] }' }), 'nl').list

  it('in a Markdown file: the fields readers see and the prose, with the file’s line numbers', () => {
    const source = [
      '---',
      'title: "Zegelbelasting in Spanje"',
      'slug: "zegelbelasting-in-spanje"',
      'previousSlugs: ["zegelbelasting"]',
      'metaKeywords: ["zegelbelasting"]',
      '# zegelbelasting was the old name',
      '---',
      'Betaal de `zegelbelasting` niet, maar zie [de regels](https://example.com/zegelbelasting).',
      '',
      'Daarbij komt 0,8% zegelbelasting.',
    ].join('\n')
    const issues = findRefusedTerms(markdownProse(source), nl(), source)
    expect(issues.map((issue) => [issue.line, issue.found])).toEqual([
      [2, 'Zegelbelasting'],
      [5, 'zegelbelasting'],
      [10, 'zegelbelasting'],
    ])
    expect(issues[2]).toMatchObject({ column: 19, family: 'stampDuty', use: 'zegelrecht', excerpt: 'Daarbij komt 0,8% zegelbelasting.' })
    expect(issues[2].message).toBe('"zegelbelasting" is not the Dutch name for stamp duty on this site: write "zegelrecht"')
  })

  it('in a key-figures translation or a messages file: every value, not comments or addresses', () => {
    const source = '# zegelbelasting\n"$schema": "https://example.com/zegelbelasting",\n"calc_line_stampDuty": "Zegelbelasting",\n'
    expect(findRefusedTerms(dataProse(source), nl(), source).map((issue) => issue.line)).toEqual([3])
  })
})

describe('a term list', () => {
  it('says what is wrong with it', () => {
    expect(parseTermList('vat: { use: btw }', 'nl').problems).toContainEqual('the list: names no term for transferTax')
    expect(parseTermList(minimal({ eea: '{ use: ЄЕЗ, refuse: ["ЄЕ*"] }' }), 'uk').problems).toEqual([
      'eea: the refused variant "ЄЕ*" matches the term to use, "ЄЕЗ"',
    ])
    expect(parseTermList(minimal({ eea: '{ use: ЄЕЗ, avoid: ["ЄЕП"] }' }), 'uk').problems[0]).toMatch(/^eea: Unrecognized key/)
    expect(parseTermList('vat: [', 'nl').problems[0]).toMatch(/^not valid YAML/)
  })
})
