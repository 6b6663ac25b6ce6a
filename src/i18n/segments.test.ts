import { describe, expect, it } from 'vitest'
import { locales } from '../paraglide/runtime'
import { canonicalRoutes, segments } from './segments'

// The localized segments exactly as the product spec (section 2) lists them.
const specTable = `
Countries: countries (en), laender (de), paises (es, pt), pays (fr), kraje (pl), paesi (it), land (no), lander (sv), maat (fi), landen (nl), krainy (uk), vendet (sq), strani (bg), zeme (cs), chores (el), orszagok (hu), tari (ro).
About: about (en), ueber-uns (de), acerca-de (es), a-propos (fr), o-nas (pl, cs), chi-siamo (it), om-oss (no, sv), meista (fi), over-ons (nl), pro-nas (uk), sobre-nos (pt), rreth-nesh (sq), za-nas (bg), gia-mas (el), rolunk (hu), despre-noi (ro).
Privacy: privacy (en, it, nl), datenschutz (de), privacidad (es), confidentialite (fr), polityka-prywatnosci (pl), personvern (no), integritetspolicy (sv), tietosuoja (fi), privacidade (pt), konfidentsiinist (uk), privatesia (sq), povertnost (bg), soukromi (cs), aporreto (el), adatvedelem (hu), confidentialitate (ro).
Contact: contact-us (en), kontakt (de, pl, uk, bg, cs), contacto (es, pt), contact (fr, nl, ro), contattaci (it), kontakt-oss (no), kontakta-oss (sv), ota-yhteytta (fi), kontakto (sq), epikoinonia (el), kapcsolat (hu).
Partner: partner-with-us (en), partner-werden (de), colabora-con-nosotros (es), partenariat (fr), wspolpraca (pl), collabora-con-noi (it), partner-med-oss (no, sv), yhteistyo (fi), partner-worden (nl), partnerstvo (uk), seja-parceiro (pt), bashkepuno-me-ne (sq), partniorstvo (bg), partnerstvi (cs), synergia (el), partnerek (hu), parteneriat (ro).
`

function parseSpec() {
  const table: Record<string, Record<string, string>> = {}
  for (const line of specTable.trim().split('\n')) {
    const [name, cells] = line.split(': ')
    const row: Record<string, string> = {}
    for (const match of cells.matchAll(/([a-z-]+) \(([a-z, ]+)\)/g)) {
      for (const locale of match[2].split(', ')) row[locale] = match[1]
    }
    table[name.toLowerCase()] = row
  }
  return table
}

describe('segments table', () => {
  it("has the spec's rows, the archive's two, the search page's, the comparison's and the newsletter's", () => {
    expect(Object.keys(segments).sort()).toEqual([...Object.keys(parseSpec()), 'page', 'posts', 'search', 'compare', 'newsletter'].sort())
  })

  const spec = parseSpec()

  // The archive's `page` and `posts` segments are ours (issue 15, decision 003), not the spec's.
  it.each(Object.keys(spec))('%s matches the spec cell by cell for all 18 locales', (key) => {
    expect(Object.keys(spec[key]).sort()).toEqual([...locales].sort())
    for (const locale of locales) expect(segments[key as keyof typeof segments][locale]).toBe(spec[key][locale])
  })

  it('covers every locale of the project for every segment', () => {
    for (const row of Object.values(segments)) expect(Object.keys(row).sort()).toEqual([...locales].sort())
  })

  it('never spells two different routes the same way, so a wrong-language URL has one meaning', () => {
    const owner = new Map<string, string>()
    for (const [key, row] of Object.entries(segments)) {
      for (const word of Object.values(row)) {
        expect(owner.get(word) ?? key, `"${word}"`).toBe(key)
        owner.set(word, key)
      }
    }
    expect(owner.has('blog')).toBe(false)
  })

  it('lists the canonical routes of the spec', () => {
    expect(canonicalRoutes).toEqual([
      '/blog',
      '/blog/$slug',
      '/blog/page/$page',
      '/blog/countries/$country',
      '/blog/countries/compare',
      '/blog/countries/$country/posts',
      '/blog/countries/$country/posts/page/$page',
      '/about',
      '/contact-us',
      '/partner-with-us',
      '/privacy',
      '/search',
      '/newsletter',
    ])
  })
})
