import { describe, expect, it } from 'vitest'
import { loadContent } from './load.server'
import { daysBehind, outdatedTranslations } from './outdated'
import { contentFixture, found, guide, post } from './test-fixtures'
import { guideView, postListView, postView, slugRedirects } from './views.server'
import { liveStore } from './visibility'

const now = Date.parse('2026-11-24T12:00:00Z')

function store(files: Record<string, string>) {
  const loaded = loadContent(contentFixture(files))
  expect(loaded.issues).toEqual([])
  return loaded.store
}

describe('drafts and scheduled posts', () => {
  const all = store({
    'posts/live/en.md': post({ slug: 'live', publishedAt: '2026-11-01' }),
    'posts/draft/en.md': `${post({ slug: 'draft', publishedAt: '2026-11-02' }).replace('---\n', '---\ndraft: true\n')}`,
    'posts/later/en.md': post({ slug: 'later', publishedAt: '2026-11-24T13:30:00+01:00' }),
    'posts/later/de.md': post({ slug: 'spaeter', publishedAt: '2026-11-25' }),
  })

  it('reads a date as 00:00 UTC and a time with its offset as that instant', () => {
    expect(all.postsByKey.get('later')?.get('en')?.publishedAt).toBe('2026-11-24T12:30:00Z')
    expect(all.postsByKey.get('later')?.get('de')?.publishedAt).toBe('2026-11-25')
  })

  it('keeps drafts and posts before their time out of lists and alternates, and says when the view changes', () => {
    const { store: live, nextChange } = liveStore(all, now)
    expect(nextChange).toBe(Date.parse('2026-11-24T12:30:00Z'))
    const index = found(postListView(live, 'en', null, 1))
    expect([index.featured, ...index.posts].map((p) => p?.slug)).toEqual(['live'])
    expect(postView(live, 'en', 'draft')).toEqual({ kind: 'missing' })
    expect(postView(live, 'en', 'later')).toEqual({ kind: 'missing' })
    // Half an hour later the English post is live; the German one waits for its day.
    const later = liveStore(all, Date.parse('2026-11-24T12:30:00Z'))
    expect(found(postView(later.store, 'en', 'later')).alternates.map((a) => a.locale)).toEqual(['en'])
    expect(later.nextChange).toBe(Date.parse('2026-11-25T00:00:00Z'))
  })

  it('leaves a store with nothing to hide as it is', () => {
    const plain = store({ 'posts/live/en.md': post({ slug: 'live' }) })
    expect(liveStore(plain, now)).toEqual({ store: plain, nextChange: null })
  })

  it('refuses a time without an offset', () => {
    const { issues } = loadContent(contentFixture({ 'posts/x/en.md': post({ publishedAt: '2026-11-24T13:30:00' }) }))
    expect(issues[0]).toMatchObject({ field: 'publishedAt', message: expect.stringMatching(/offset/) })
  })
})

describe('renamed slugs', () => {
  it('sends an old slug to the current one', () => {
    const renamed = store({ 'posts/a/en.md': post({ slug: 'new-name', previousSlugs: ['old-name', 'older-name'] }) })
    expect(postView(renamed, 'en', 'old-name')).toEqual({ kind: 'redirect', param: 'new-name' })
    expect(slugRedirects(renamed)).toEqual([
      { from: '/en/blog/old-name', to: '/en/blog/new-name' },
      { from: '/en/blog/older-name', to: '/en/blog/new-name' },
    ])
  })

  it("rejects a previous slug that is a live slug of the same language, or another post's previous slug", () => {
    const { issues } = loadContent(
      contentFixture({
        'posts/a/en.md': post({ slug: 'alpha', previousSlugs: ['beta'] }),
        'posts/b/en.md': post({ slug: 'beta', previousSlugs: ['gamma'] }),
        'posts/c/en.md': post({ slug: 'delta', previousSlugs: ['gamma'] }),
      }),
    )
    expect(issues.map((i) => [i.field, i.message])).toEqual([
      ['previousSlugs', expect.stringContaining('"beta" is the slug of')],
      ['previousSlugs', expect.stringContaining('"gamma" is already a previous slug of')],
    ])
  })
})

describe('translations that fall behind', () => {
  it('counts the days a translation is behind its English source', () => {
    expect(daysBehind({ locale: 'de', updatedAt: '2026-11-01', publishedAt: '2026-10-01' }, { updatedAt: '2026-11-11' })).toBe(10)
    expect(daysBehind({ locale: 'de', publishedAt: '2026-11-05' }, { updatedAt: '2026-11-11' })).toBe(6)
    expect(daysBehind({ locale: 'de', updatedAt: '2026-11-12', publishedAt: '2026-10-01' }, { updatedAt: '2026-11-11' })).toBe(0)
    expect(daysBehind({ locale: 'de', publishedAt: '2026-10-01' }, { updatedAt: undefined })).toBe(0)
  })

  it('lists them per locale with the file, and shows readers when the original changed', () => {
    const s = store({
      'posts/a/en.md': post({ slug: 'a', updatedAt: '2026-11-11' }),
      'posts/a/de.md': post({ slug: 'a-de', updatedAt: '2026-11-01' }),
      'posts/a/el.md': post({ slug: 'a-el', updatedAt: '2026-11-20' }),
    })
    expect(outdatedTranslations(s)).toEqual([
      { locale: 'de', file: expect.stringMatching(/posts\/a\/de\.md$/), englishFile: expect.stringMatching(/posts\/a\/en\.md$/), daysBehind: 10 },
    ])
    expect(found(postView(s, 'de', 'a-de')).outdated).toEqual({ updatedLabel: '11. November 2026', englishPath: '/en/blog/a' })
    expect(found(postView(s, 'el', 'a-el')).outdated).toBeNull()
  })

  it('covers guides as well: the report and the notice on the guide', () => {
    const s = store({
      'countries/es/en.md': guide(),
      'countries/es/de.md': guide('Kauf, Steuern und Vermietung in Spanien.').replace('updatedAt: 2026-11-01', 'updatedAt: 2026-10-25'),
    })
    expect(outdatedTranslations(s)).toEqual([
      expect.objectContaining({ locale: 'de', file: expect.stringMatching(/countries\/es\/de\.md$/), daysBehind: 7 }),
    ])
    expect(found(guideView(s, 'de', 'spanien')).outdated).toEqual({ updatedLabel: '1. November 2026', englishPath: '/en/blog/countries/spain' })
  })
})
