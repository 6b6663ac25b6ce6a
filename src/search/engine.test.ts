/**
 * The search engine against the real bundled content (content/): for every language an inflected
 * word and an accent-free spelling find a known post, results stay in the page's language, the
 * last word matches as a prefix, title matches rank first, excerpts are marked plain text, and
 * hostile queries neither throw nor match.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { SEARCH } from '../config/constants'
import { loadContent, type Rendered } from '../content/load.server'
import { locales, type Locale } from '../paraglide/runtime'
import { plainText, searchDocuments } from './documents.server'
import { searchInSlices } from './engine.server'
import { normalizeQuery } from './query'
import { fold, hasStemmer, termProcessor, tokenize } from './terms.server'

const contentDir = fileURLToPath(new URL('../../content', import.meta.url))
const { store, issues } = loadContent(contentDir)

/** The post of a key in one language, with its localized path built from the front matter slug. */
function target(key: string, locale: Locale) {
  const post = store.postsByKey.get(key)?.get(locale)
  if (!post) throw new Error(`no ${locale} version of ${key}`)
  const doc = searchDocuments(store, locale).find((d) => d.kind === 'post' && d.title === post.title)
  if (!doc) throw new Error(`${key}/${locale} is not among the search documents`)
  const source = readFileSync(join(contentDir, 'posts', key, `${locale}.md`), 'utf8')
  return { post, doc, path: `/${locale}/blog/${post.slug}`, source }
}

/** Every word the index sees of a document (title, summary, country, body) and of its Markdown file. */
function words(locale: Locale, ...texts: string[]) {
  return texts.flatMap(tokenize).map((w) => w.toLocaleLowerCase(locale))
}

const paths = async (locale: Locale, query: string, limit = 5) => (await searchInSlices(store, locale, query, limit)).hits.map((h) => h.path)
const search = searchInSlices

type Case = {
  locale: Locale
  /** The post's directory under content/posts. */
  key: string
  /** A word of the post's title, as the title writes it. */
  titleWord: string
  /** Another grammatical form of it, which the post never writes. */
  inflected: string
  /** A word of the post, as the post writes it (with its diacritics). */
  accented: string
  /** The same word without diacritics (or, for English, in upper case). */
  plain: string
}

const cases: Case[] = [
  {
    locale: 'en',
    key: 'buying-property-in-cyprus-title-deeds-and-vat',
    titleWord: 'Overlook',
    inflected: 'overlooked',
    accented: 'Cyprus',
    plain: 'CYPRUS',
  },
  {
    locale: 'de',
    key: 'greece-golden-visa-2026',
    titleWord: 'Schwellenwerte',
    inflected: 'Schwellenwerten',
    accented: 'Immobilienkäufer',
    plain: 'Immobilienkaufer',
  },
  { locale: 'pl', key: 'italy-property-taxes-explained', titleWord: 'nabywca', inflected: 'nabywcy', accented: 'Włoszech', plain: 'Wloszech' },
  {
    locale: 'es',
    key: 'managing-a-holiday-rental-in-croatia',
    titleWord: 'vacacional',
    inflected: 'vacacionales',
    accented: 'huéspedes',
    plain: 'huespedes',
  },
  { locale: 'fr', key: 'italy-property-taxes-explained', titleWord: 'expliquée', inflected: 'expliquées', accented: 'fiscalité', plain: 'fiscalite' },
  {
    locale: 'it',
    key: 'buying-property-in-cyprus-title-deeds-and-vat',
    titleWord: 'trascurano',
    inflected: 'trascurati',
    accented: 'proprietà',
    plain: 'proprieta',
  },
  {
    locale: 'pt',
    key: 'managing-a-holiday-rental-in-croatia',
    titleWord: 'arrendamento',
    inflected: 'arrendamentos',
    accented: 'Croácia',
    plain: 'Croacia',
  },
  {
    locale: 'nl',
    key: 'managing-a-holiday-rental-in-croatia',
    titleWord: 'vakantiewoning',
    inflected: 'vakantiewoningen',
    accented: 'Kroatië',
    plain: 'Kroatie',
  },
  {
    locale: 'sv',
    key: 'managing-a-holiday-rental-in-croatia',
    titleWord: 'semesterbostad',
    inflected: 'semesterbostäder',
    accented: 'Förvalta',
    plain: 'forvalta',
  },
  { locale: 'no', key: 'italy-property-taxes-explained', titleWord: 'forklart', inflected: 'forklarte', accented: 'kjøpere', plain: 'kjopere' },
  {
    locale: 'fi',
    key: 'buying-property-in-cyprus-title-deeds-and-vat',
    titleWord: 'Kyprokselta',
    inflected: 'Kyprokselle',
    accented: 'arvonlisävero',
    plain: 'arvonlisavero',
  },
  { locale: 'cs', key: 'italy-property-taxes-explained', titleWord: 'Daně', inflected: 'daních', accented: 'zahraniční', plain: 'zahranicni' },
  { locale: 'hu', key: 'portugal-rental-yields-2026', titleWord: 'hozamok', inflected: 'hozamai', accented: 'befektetők', plain: 'befektetok' },
  {
    locale: 'ro',
    key: 'managing-a-holiday-rental-in-croatia',
    titleWord: 'vacanță',
    inflected: 'vacanțe',
    accented: 'străinătate',
    plain: 'strainatate',
  },
  {
    locale: 'bg',
    key: 'managing-a-holiday-rental-in-croatia',
    titleWord: 'ваканционен',
    inflected: 'ваканционни',
    accented: 'Регистрирайте',
    plain: 'Регистрираите',
  },
  { locale: 'el', key: 'greece-golden-visa-2026', titleWord: 'κανόνες', inflected: 'κανόνας', accented: 'Αθήνα', plain: 'Αθηνα' },
  {
    locale: 'sq',
    key: 'managing-a-holiday-rental-in-croatia',
    titleWord: 'Administrimi',
    inflected: 'administrimit',
    accented: 'udhëzuesi',
    plain: 'udhezuesi',
  },
  { locale: 'uk', key: 'portugal-rental-yields-2026', titleWord: 'інвестори', inflected: 'інвесторам', accented: 'Португалії', plain: 'Португаліі' },
]

describe('search over the bundled content', () => {
  it('loads the content without issues, in all 18 languages', async () => {
    expect(issues).toEqual([])
    expect(cases.map((c) => c.locale).sort()).toEqual([...locales].sort())
  })

  describe.each(cases)('$locale: $key', ({ locale, key, titleWord, inflected, accented, plain }) => {
    const { doc, path, post, source } = target(key, locale)
    const indexed = words(locale, doc.title, doc.summary, doc.country ?? '', doc.text)
    const everywhere = [...indexed, ...words(locale, source)]
    const terms = termProcessor(locale)

    it(`finds the post by another form of a title word: "${inflected}" for "${titleWord}"`, async () => {
      const lower = inflected.toLocaleLowerCase(locale)
      expect(words(locale, post.title)).toContain(titleWord.toLocaleLowerCase(locale))
      expect(lower).not.toBe(titleWord.toLocaleLowerCase(locale))
      // Neither the form itself nor a word it begins (the last word is also a prefix) is in the
      // post, diacritics or not: only stemming (or, without a stemmer, fuzzy matching) can find it.
      expect(everywhere.map(fold)).not.toContain(fold(lower))
      expect(everywhere.map(fold).filter((w) => w.startsWith(fold(lower)))).toEqual([])
      const shared = terms(inflected).filter((t) => terms(titleWord).includes(t))
      if (hasStemmer(locale)) expect(shared).not.toEqual([])
      else expect(shared).toEqual([])
      expect(await paths(locale, inflected)).toContain(path)
    })

    it(`finds the post without diacritics: "${plain}" for "${accented}"`, async () => {
      const lower = plain.toLocaleLowerCase(locale)
      expect(indexed).toContain(accented.toLocaleLowerCase(locale))
      if (locale === 'en') {
        // English has no diacritics to drop: the same word in capitals, which the post never writes.
        expect(plain).toBe(accented.toLocaleUpperCase(locale))
        expect(tokenize(`${doc.title} ${doc.summary} ${doc.text} ${source}`)).not.toContain(plain)
      } else {
        expect(lower).not.toBe(accented.toLocaleLowerCase(locale))
        expect(fold(accented.toLocaleLowerCase(locale))).toBe(lower)
        expect(indexed).not.toContain(lower)
      }
      expect(await paths(locale, plain)).toContain(path)
    })
  })

  it.each([...locales])('answers a %s query with pages of that language only', async (locale) => {
    for (const query of ['2026', 'Golden Visa', 'euro']) {
      const answer = await search(store, locale, query, 1000)
      expect(answer.hits).toHaveLength(answer.total)
      for (const hit of answer.hits) expect(hit.path.startsWith(`/${locale}/`)).toBe(true)
    }
    expect((await search(store, locale, '2026', 1000)).total).toBeGreaterThan(0)
  })

  it('does not find an English title word in the German index, only the German post', async () => {
    expect(await paths('de', 'Overlook', 100)).toEqual([])
    expect(await paths('de', 'Schwellenwerte', 100)).toContain(target('greece-golden-visa-2026', 'de').path)
  })

  it.each([
    { locale: 'en' as Locale, key: 'mortgage-financing-in-poland-for-foreigners', typed: 'Mortg', word: 'Mortgage' },
    { locale: 'de' as Locale, key: 'managing-a-holiday-rental-in-croatia', typed: 'Ferienverm', word: 'Ferienvermietung' },
    { locale: 'pl' as Locale, key: 'italy-property-taxes-explained', typed: 'Włosz', word: 'Włoszech' },
    { locale: 'el' as Locale, key: 'portugal-rental-yields-2026', typed: 'Αποδόσ', word: 'Αποδόσεις' },
  ])('matches the last word as a prefix while typing ($locale: "$typed" of "$word")', async ({ locale, key, typed, word }) => {
    const { doc, path } = target(key, locale)
    expect(words(locale, doc.title)).toContain(word.toLocaleLowerCase(locale))
    expect(word.toLocaleLowerCase(locale).startsWith(typed.toLocaleLowerCase(locale))).toBe(true)
    expect(words(locale, doc.title, doc.summary, doc.text)).not.toContain(typed.toLocaleLowerCase(locale))
    expect(await paths(locale, typed)).toContain(path)
  })

  it('ranks a post with the word in its title above one that only mentions it in the body', async () => {
    const titled = target('mortgage-financing-in-poland-for-foreigners', 'en')
    const mentioned = target('buying-property-in-cyprus-title-deeds-and-vat', 'en')
    const en = termProcessor('en')
    const hasMortgage = (text: string) => tokenize(text).some((w) => en(w).includes('mortgag'))
    expect(hasMortgage(titled.doc.title)).toBe(true)
    expect(hasMortgage(mentioned.doc.title) || hasMortgage(mentioned.doc.summary)).toBe(false)
    expect(hasMortgage(mentioned.doc.text)).toBe(true)
    const found = await paths('en', 'mortgage', 100)
    expect(found[0]).toBe(titled.path)
    expect(found.indexOf(mentioned.path)).toBeGreaterThan(found.indexOf(titled.path))
  })

  it('ranks the German post titled with a word above the posts that only use it in the text', async () => {
    const titled = target('portugal-rental-yields-2026', 'de')
    const found = await paths('de', 'Mietrenditen', 100)
    expect(found[0]).toBe(titled.path)
    const bodyOnly = searchDocuments(store, 'de').filter(
      (d) => !words('de', d.title).includes('mietrenditen') && words('de', d.text).includes('mietrenditen'),
    )
    expect(bodyOnly.length).toBeGreaterThan(0)
    for (const d of bodyOnly) expect(found.indexOf(d.path)).toBeGreaterThan(0)
  })

  it.each([
    { query: 'registradores', key: 'buying-property-in-spain-as-a-foreigner', markdown: '[registradores.org](' },
    { query: 'Overbuilt', key: 'bulgaria-property-market-after-euro-adoption', markdown: '**Overbuilt' },
    { query: 'Plovdiv', key: 'bulgaria-property-market-after-euro-adoption', markdown: '**Plovdiv:**' },
  ])('marks "$query" in a plain-text excerpt of Markdown that has $markdown', async ({ query, key, markdown }) => {
    const { path, source } = target(key, 'en')
    expect(source).toContain(markdown)
    const hit = (await search(store, 'en', query, 10)).hits.find((h) => h.path === path)
    expect(hit).toBeDefined()
    const marked = hit!.excerpt.filter((p) => p.mark)
    expect(marked.length).toBeGreaterThan(0)
    for (const part of marked) {
      expect(part.mark).toBe(true)
      expect(part.text.toLowerCase()).toBe(query.toLowerCase())
    }
    const text = hit!.excerpt.map((p) => p.text).join('')
    for (const symbol of ['**', '](', '`', '#', '<', '|']) expect(text).not.toContain(symbol)
    expect(text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length).toBeLessThanOrEqual(SEARCH.excerptWords)
  })

  it('marks every word of the query that matched, stemmed forms included', async () => {
    const { path } = target('bulgaria-property-market-after-euro-adoption', 'en')
    const hit = (await search(store, 'en', 'mortgage rates', 10)).hits.find((h) => h.path === path)
    expect(hit).toBeDefined()
    const marked = hit!.excerpt.filter((p) => p.mark).map((p) => p.text.toLowerCase())
    expect(marked.length).toBeGreaterThan(0)
    for (const word of marked) expect(word).toMatch(/^(mortgage|mortgages|mortgaged|rate|rates)$/)
    // An unmarked part holds no matched word.
    for (const part of hit!.excerpt.filter((p) => !p.mark)) expect(tokenize(part.text).map((w) => w.toLowerCase())).not.toContain('mortgage')
  })

  it('keeps the excerpts of every hit in plain text', async () => {
    for (const [locale, query] of [
      ['en', 'mortgage'],
      ['de', 'Steuern'],
      ['el', 'Αθήνα'],
      ['fr', 'notaire'],
      ['bg', 'данъци'],
    ] as const) {
      const answer = await search(store, locale, query, SEARCH.pageResults)
      expect(answer.total).toBeGreaterThan(0)
      for (const hit of answer.hits) {
        const text = hit.excerpt.map((p) => p.text).join('')
        for (const symbol of ['**', '](', '`']) expect(text, `${locale} "${query}" ${hit.path}`).not.toContain(symbol)
        expect(
          hit.excerpt.some((p) => p.mark),
          `${locale} "${query}" ${hit.path}`,
        ).toBe(true)
      }
    }
  })

  // Tables are read as tables (GFM): an excerpt from one shows its words, not "| … |" and "|---|".
  it('shows a match inside a table without the table Markdown (en "transfer", Croatia guide)', async () => {
    const hit = (await search(store, 'en', 'transfer', 10)).hits.find((h) => h.path === '/en/blog/countries/croatia')
    expect(hit).toBeDefined()
    const text = hit!.excerpt.map((p) => p.text).join('')
    expect(text).not.toContain('|')
    expect(text).not.toContain('---')
  })

  // List items stay apart in the plain text (once, they ran together: "maintenanceanalysts").
  it('finds a word that begins a list item (en "analysts", Partner with us)', async () => {
    expect(await paths('en', 'analysts')).toContain('/en/partner-with-us')
  })

  it('keeps the words of adjacent list items apart in the plain text', async () => {
    const body: Rendered = {
      markdown: () => '- first item\n- second item',
      version: '1',
      html: () => ({ html: '', headings: [] }),
      words: 4,
      readingMinutes: 1,
    }
    expect(tokenize(plainText(body))).toEqual(['first', 'item', 'second', 'item'])
  })

  // A decomposed (NFD) query, as some systems paste it, finds what the composed one finds.
  it('finds the post for a decomposed (NFD) query (el "Αθήνα", de "Immobilienkäufer")', async () => {
    const athens = normalizeQuery('Αθήνα'.normalize('NFD')).query
    expect(await paths('el', athens)).toContain(target('greece-golden-visa-2026', 'el').path)
    const buyers = normalizeQuery('Immobilienkäufer'.normalize('NFD')).query
    expect(await paths('de', buyers)).toContain(target('greece-golden-visa-2026', 'de').path)
  })

  it('drops Markdown syntax from the plain text of a body', async () => {
    const body: Rendered = {
      markdown: () => '## Costs\n\nPay **the tax** and see [the registry](https://example.org) or `code`.\n\nNext paragraph.',
      version: '1',
      html: () => ({ html: '', headings: [] }),
      words: 12,
      readingMinutes: 1,
    }
    const text = plainText(body)
    expect(text).toBe('Costs Pay the tax and see the registry or code. Next paragraph.')
  })

  it.each(['', '   ', '?!.,;:—…', '"" \'\' ()[]{}', '***', '- - -'])('finds nothing for %j', async (query) => {
    for (const locale of ['en', 'de', 'el'] as const) expect(await search(store, locale, query, 10)).toEqual({ query, total: 0, hits: [] })
  })

  it('does not throw on a 10,000-character query, control characters or an unpaired surrogate', async () => {
    const hostile = [
      'a'.repeat(10_000),
      'Cyprus '.repeat(1500),
      'x'.repeat(5000) + ' ' + 'ű'.repeat(5000),
      'Cyprus\u0000\u0007\u001B[31m\u200B\u2028\u2029\uFEFF',
      '\uD800Cyprus\uDFFF',
      '\uD83D',
      '😀 Cyprus 😀',
      '\u0000'.repeat(10_000),
    ]
    for (const raw of hostile) {
      const { query, shortened } = normalizeQuery(raw)
      expect(Array.from(query).length).toBeLessThanOrEqual(SEARCH.maxQueryLength)
      if (raw.length > SEARCH.maxQueryLength * 4) expect(shortened).toBe(true)
      for (const locale of locales) await expect(search(store, locale, query, SEARCH.pageResults)).resolves.toBeDefined()
    }
    const cyprus = target('buying-property-in-cyprus-title-deeds-and-vat', 'en').path
    expect(await paths('en', normalizeQuery('Cyprus\u0000\u0007\u200B').query)).toContain(cyprus)
    expect(await paths('en', normalizeQuery('\uD800Cyprus\uDFFF').query)).toContain(cyprus)
  })

  it('does not throw on the raw hostile queries either', async () => {
    for (const raw of ['a'.repeat(10_000), '\uD800\u0000Cyprus', '\uDC00'.repeat(100)]) {
      await expect(search(store, 'en', raw, 10)).resolves.toBeDefined()
    }
  })
})
