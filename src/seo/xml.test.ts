import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { atomXml, rssXml } from './feed'
import { parseSitemapFileName, sitemapFileName, sitemapIndexXml, urlsetFiles, urlsetXml } from './sitemap'

const site = 'https://estateatlas.example'
const tricky = 'Tax & VAT: "new" <builds> in Greece’s islands'
const parser = new XMLParser({ ignoreAttributes: false })

describe('feeds and sitemaps', () => {
  it('writes RSS 2.0 that parses, with language, absolute links, a self link and escaped titles', () => {
    const xml = rssXml({
      siteUrl: site,
      title: `Estate Atlas — ${tricky}`,
      description: 'Desc & more',
      language: 'el',
      homePath: '/el/blog',
      selfPath: '/el/rss.xml',
      items: [{ title: tricky, path: '/el/blog/a', description: '<b>summary</b>', publishedAt: '2026-02-10', category: 'Ελλάδα' }],
    })
    expect(XMLValidator.validate(xml)).toBe(true)
    const channel = parser.parse(xml).rss.channel
    expect(channel.language).toBe('el')
    expect(channel['atom:link']['@_href']).toBe(`${site}/el/rss.xml`)
    expect(channel['atom:link']['@_rel']).toBe('self')
    // Parsed back, the title is exactly what the editor wrote: it was escaped, not mangled.
    expect(channel.item.title).toBe(tricky)
    expect(xml).toContain('Tax &amp; VAT: &quot;new&quot; &lt;builds&gt;')
    expect(channel.item.link).toBe(`${site}/el/blog/a`)
    expect(channel.item.pubDate).toBe('Tue, 10 Feb 2026 00:00:00 GMT')
  })

  it('writes an Atom feed of changes that parses: ids, newest entry as the feed’s date, absolute links, escaped titles', () => {
    const xml = atomXml({
      siteUrl: site,
      id: `${site}/el/changes.xml`,
      title: 'Estate Atlas: αλλαγές',
      subtitle: tricky,
      language: 'el',
      homePath: '/el/blog/chores/sygkrisi#kf-changes',
      selfPath: '/el/changes.xml',
      fallbackUpdated: '2026-01-01',
      entries: [
        {
          id: `${site}/el/changes.xml#PT-rentalTax-2026-11-28`,
          title: tricky,
          path: '/el/blog/chores/portogalia#kf-changes',
          updated: '2026-11-28',
          summary: 'a & b',
        },
      ],
    })
    expect(XMLValidator.validate(xml)).toBe(true)
    const feed = parser.parse(xml).feed
    expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom')
    expect(feed['@_xml:lang']).toBe('el')
    expect(feed.updated).toBe('2026-11-28T00:00:00Z')
    expect(feed.link.find((l: Record<string, string>) => l['@_rel'] === 'self')['@_href']).toBe(`${site}/el/changes.xml`)
    expect(feed.entry.title).toBe(tricky)
    expect(feed.entry.link['@_href']).toBe(`${site}/el/blog/chores/portogalia#kf-changes`)
    // Without an entry the feed is still valid, dated by the content.
    const empty = atomXml({
      ...{ siteUrl: site, id: 'x', title: 't', subtitle: 's', language: 'en', homePath: '/', selfPath: '/en/changes.xml' },
      fallbackUpdated: '2026-01-01',
      entries: [],
    })
    expect(XMLValidator.validate(empty)).toBe(true)
    expect(parser.parse(empty).feed.updated).toBe('2026-01-01T00:00:00Z')
  })

  it('writes a sitemap index and URL sets with hreflang alternates that parse', () => {
    const index = sitemapIndexXml(site, [{ path: '/sitemaps/en.xml', lastmod: '2026-11-01' }])
    expect(XMLValidator.validate(index)).toBe(true)
    expect(parser.parse(index).sitemapindex.sitemap.loc).toBe(`${site}/sitemaps/en.xml`)
    const urlset = urlsetXml(site, [
      {
        path: '/en/blog/a&b',
        lastmod: '2026-11-01',
        alternates: [
          { locale: 'en', path: '/en/blog/a&b' },
          { locale: 'de', path: '/de/blog/a-b' },
          { locale: 'fr', path: '/fr/blog/x', translated: false },
        ],
      },
    ])
    expect(XMLValidator.validate(urlset)).toBe(true)
    const url = parser.parse(urlset).urlset.url
    expect(url.loc).toBe(`${site}/en/blog/a&b`)
    expect(url['xhtml:link'].map((l: Record<string, string>) => l['@_hreflang'])).toEqual(['en', 'de', 'x-default'])
  })

  it("splits a locale's URLs into files under the protocol's limits, in order", () => {
    const entries = Array.from({ length: 7 }, (_, i) => ({ path: `/en/blog/p${i}`, lastmod: '2026-11-01', alternates: [] }))
    const byCount = urlsetFiles(site, entries, { maxUrls: 3, maxBytes: 1e9 })
    expect(byCount.map((xml) => xml.match(/<url>/g)?.length)).toEqual([3, 3, 1])
    expect(byCount[2]).toContain('/en/blog/p6</loc>')
    const bySize = urlsetFiles(site, entries, { maxUrls: 1000, maxBytes: 600 })
    for (const xml of bySize) expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(600)
    expect(bySize.join('').match(/<url>/g)).toHaveLength(7)
    expect(urlsetFiles(site, [], { maxUrls: 3, maxBytes: 1e9 })).toHaveLength(1)
    for (const xml of [...byCount, ...bySize]) expect(parser.parse(xml).urlset).toBeDefined()
  })

  it('names the files of a locale and reads the names back', () => {
    expect([1, 2, 12].map((n) => sitemapFileName('el', n))).toEqual(['el.xml', 'el-2.xml', 'el-12.xml'])
    expect(parseSitemapFileName('el-12.xml')).toEqual({ locale: 'el', n: 12 })
    expect(parseSitemapFileName('el.xml')).toEqual({ locale: 'el', n: 1 })
    for (const bad of ['el-1.xml', 'el-01.xml', 'el', '../el.xml', 'EL.xml']) expect(parseSitemapFileName(bad), bad).toBeNull()
  })
})
