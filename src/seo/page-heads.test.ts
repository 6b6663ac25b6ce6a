import { describe, expect, it } from 'vitest'
import type { Guide, Post } from '../content/types'
import type { Alternate } from '../i18n/paths'
import { comparisonHead, guideHead, postHead } from './page-heads'

const siteUrl = 'https://estateatlas.example'
const where = { locale: 'en' as const, siteUrl }
const alternates: Alternate[] = [
  { locale: 'en', path: '/en/blog/buying-property-in-spain-as-a-foreigner' },
  { locale: 'de', path: '/de/blog/immobilienkauf-in-spanien-als-auslaender' },
]
const post = {
  key: 'buying-property-in-spain-as-a-foreigner',
  slug: 'buying-property-in-spain-as-a-foreigner',
  title: 'Buying Property in Spain as a Foreigner',
  meta: 'Taxes, NIE and the steps of a purchase.',
  summary: '',
  metaKeywords: ['Spain', 'ITP'],
  author: 'Estate Atlas Editors',
  country: { code: 'ES', name: 'Spain', slug: 'spain' },
  publishedAt: '2026-01-10',
  updatedAt: '2026-03-01',
  draft: false,
  scheduledFor: null,
} as unknown as Post

type Head = ReturnType<typeof postHead>
const meta = (head: Head, key: string) => head.meta.find((m) => ('name' in m && m.name === key) || ('property' in m && m.property === key))
const jsonLd = (head: Head) =>
  head.scripts.map((s) => JSON.parse(String(s.children)) as { '@type': string; itemListElement?: Array<{ name: string }> })

describe("each page type's head, from its data (issue 36)", () => {
  it("a post: canonical, alternates, an article's properties, BlogPosting and a trail through its country", () => {
    const head = postHead(post, alternates, where)
    expect(head.links).toContainEqual(
      expect.objectContaining({ rel: 'canonical', href: `${siteUrl}/en/blog/buying-property-in-spain-as-a-foreigner` }),
    )
    expect(head.links.filter((l) => l.rel === 'alternate').map((l) => l.hrefLang)).toEqual(expect.arrayContaining(['en', 'de', 'x-default']))
    expect(meta(head, 'og:type')).toMatchObject({ content: 'article' })
    expect(meta(head, 'robots')).toBeUndefined()
    const [posting, trail] = jsonLd(head)
    expect(posting['@type']).toBe('BlogPosting')
    expect(trail.itemListElement?.map((c) => c.name)).toEqual(['Blog', 'Spain', 'Buying Property in Spain as a Foreigner'])
  })

  it('a draft or a scheduled post is never offered to search engines', () => {
    expect(meta(postHead({ ...post, draft: true }, alternates, where), 'robots')).toMatchObject({ content: expect.stringContaining('noindex') })
    expect(meta(postHead({ ...post, scheduledFor: '2027-01-01' }, alternates, where), 'robots')).toMatchObject({
      content: expect.stringContaining('noindex'),
    })
  })

  it('a guide in English for want of a translation, or a calculator answer, is noindex; the guide itself is not', () => {
    const guide = { slug: 'spain', localizedName: 'Spain', description: 'Buying in Spain.', isFallback: false } as Guide
    expect(meta(guideHead(guide, alternates, false, where), 'robots')).toBeUndefined()
    expect(meta(guideHead({ ...guide, isFallback: true }, alternates, false, where), 'robots')).toMatchObject({
      content: expect.stringContaining('noindex'),
    })
    expect(meta(guideHead(guide, alternates, true, where), 'robots')).toMatchObject({ content: expect.stringContaining('noindex') })
    expect(jsonLd(guideHead(guide, alternates, false, where))[0].itemListElement?.map((c) => c.name)).toEqual(['Blog', 'Spain'])
  })

  it('the comparison: a Dataset with its countries and both downloads, its sources left to the page and the downloads', () => {
    const head = comparisonHead({ alternates, calcResult: false, dataset: { countries: ['Greece', 'Spain'], modified: '2026-11' } }, where)
    const dataset = jsonLd(head)[1] as unknown as { '@type': string; distribution: Array<{ encodingFormat: string }>; isBasedOn?: unknown }
    expect(dataset['@type']).toBe('Dataset')
    expect(dataset.isBasedOn).toBeUndefined()
    expect(dataset.distribution.map((d) => d.encodingFormat)).toEqual(['text/csv', 'application/json'])
    // It links its language's Atom feed of the figures' changes (issue 37), as a guide with figures does.
    const atom = (links: Array<Record<string, string>>) => links.find((l) => l.type === 'application/atom+xml')
    expect(atom(head.links)).toMatchObject({ rel: 'alternate', href: expect.stringMatching(/\/en\/changes\.xml$/) })
    const guide = { slug: 'spain', localizedName: 'Spain', description: 'Buying in Spain.', isFallback: false } as Guide
    expect(atom(guideHead({ ...guide, keyFigures: null }, alternates, false, where).links)).toBeUndefined()
    expect(atom(guideHead({ ...guide, keyFigures: {} as Guide['keyFigures'] }, alternates, false, where).links)).toBeDefined()
    // Without the site's URL (a render outside a request) no structured data is made.
    expect(comparisonHead(undefined, { locale: 'en', siteUrl: undefined }).scripts).toEqual([])
  })
})
