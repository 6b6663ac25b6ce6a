import { describe, expect, it } from 'vitest'
import { ARCHIVE } from '../config/constants'
import { loadContent } from './load.server'
import { contentFixture, found, guide, post } from './test-fixtures'
import { listSitemapEntries } from './indexing.server'
import { latestCountryPosts, postListView, postView } from './views.server'

/** 30 English posts (every third about Greece, the rest about Spain), 5 German ones. */
function archiveStore() {
  const files: Record<string, string> = { 'countries/es/en.md': guide(), 'countries/gr/en.md': guide('Buying property in Greece.') }
  for (let i = 0; i < 30; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0')
    const month = String(1 + Math.floor(i / 28)).padStart(2, '0')
    const country = i % 3 === 0 ? 'GR' : 'ES'
    files[`posts/p${i}/en.md`] = post({ slug: `post-${i}`, title: `Post ${i}`, country, publishedAt: `2026-${month}-${day}` })
    if (i < 5) files[`posts/p${i}/de.md`] = post({ slug: `beitrag-${i}`, title: `Beitrag ${i}`, country, publishedAt: `2026-${month}-${day}` })
  }
  const { store, issues } = loadContent(contentFixture(files))
  expect(issues).toEqual([])
  return store
}

describe('postListView', () => {
  const store = archiveStore()

  it('pages the index newest first, the first post featured on page 1 only', () => {
    const first = found(postListView(store, 'en', null, 1))
    expect(first.pageCount).toBe(Math.ceil(30 / ARCHIVE.postsPerPage))
    expect(first.featured?.slug).toBe('post-29')
    expect(first.posts).toHaveLength(ARCHIVE.postsPerPage - 1)
    expect(first.guides.length).toBe(2)
    const last = found(postListView(store, 'en', null, 3))
    expect(last.featured).toBeNull()
    expect(last.posts.map((p) => p.slug)).toEqual(['post-5', 'post-4', 'post-3', 'post-2', 'post-1', 'post-0'])
    expect(last.guides).toEqual([])
    expect(postListView(store, 'en', null, 4)).toEqual({ kind: 'missing' })
  })

  it('sends only the page: the cost of a page does not grow with the archive', () => {
    const page = found(postListView(store, 'en', null, 2))
    expect(page.posts).toHaveLength(ARCHIVE.postsPerPage)
    expect(JSON.stringify(page)).not.toContain('post-29')
  })

  it('filters by country, redirects other spellings of it, and knows no unknown country', () => {
    const greece = found(postListView(store, 'en', 'greece', 1))
    expect(greece.total).toBe(10)
    expect(greece.posts.every((p) => p.country?.code === 'GR')).toBe(true)
    expect(greece.country).toMatchObject({ code: 'GR', name: 'Greece', slug: 'greece', guide: 'greece' })
    expect(postListView(store, 'en', 'GR', 1)).toEqual({ kind: 'redirect', param: 'greece' })
    expect(postListView(store, 'de', 'greece', 1)).toEqual({ kind: 'redirect', param: 'griechenland' })
    expect(postListView(store, 'en', 'atlantis', 1)).toEqual({ kind: 'missing' })
  })

  it('offers every language the same page where it exists, else its last page, not as an hreflang twin', () => {
    const page = found(postListView(store, 'en', null, 2))
    expect(page.alternates.find((a) => a.locale === 'en')).toEqual({ locale: 'en', path: '/en/blog/page/2', translated: true })
    expect(page.alternates.find((a) => a.locale === 'de')).toEqual({ locale: 'de', path: '/de/blog', translated: false })
  })

  it('gives a guide its newest posts and the count', () => {
    const latest = latestCountryPosts(store, 'en', 'ES')
    expect(latest.total).toBe(20)
    expect(latest.posts).toHaveLength(ARCHIVE.guideLatestPosts)
  })

  it('lists every page of every list for the sitemap', () => {
    const paths = listSitemapEntries(store, 'en').map((e) => e.path)
    expect(paths).toEqual([
      '/en/blog',
      '/en/blog/page/2',
      '/en/blog/page/3',
      '/en/blog/countries/greece/posts',
      '/en/blog/countries/spain/posts',
      '/en/blog/countries/spain/posts/page/2',
    ])
  })
})

describe('postView', () => {
  const store = archiveStore()

  it('finds a post by its slug in its locale only', () => {
    expect(found(postView(store, 'en', 'post-7')).title).toBe('Post 7')
    expect(found(postView(store, 'de', 'beitrag-2')).title).toBe('Beitrag 2')
    expect(postView(store, 'de', 'post-7')).toEqual({ kind: 'missing' })
    expect(postView(store, 'en', 'post-99')).toEqual({ kind: 'missing' })
  })

  it('relates the newest posts about the same country, then the newest others', () => {
    // post-27 is about Greece (every third); the newest Greek posts after it are 24 and 21.
    expect(found(postView(store, 'en', 'post-27')).related.map((p) => p.slug)).toEqual(['post-24', 'post-21', 'post-18'])
    // post-29 is about Spain: 28, 26, 25 are the newest Spanish ones.
    expect(found(postView(store, 'en', 'post-29')).related.map((p) => p.slug)).toEqual(['post-28', 'post-26', 'post-25'])
    // In German only beitrag-0 and beitrag-3 are Greek: after them, the newest others.
    expect(found(postView(store, 'de', 'beitrag-0')).related.map((p) => p.slug)).toEqual(['beitrag-3', 'beitrag-4', 'beitrag-2'])
  })
})
