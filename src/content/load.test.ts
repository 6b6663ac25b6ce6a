import { describe, expect, it } from 'vitest'
import { loadContent } from './load.server'
import { contentFixture, guide, post } from './test-fixtures'

const problems = (files: Record<string, string>) => loadContent(contentFixture(files)).issues

describe('bodies', () => {
  it('keeps no body in memory: it is read from its file and rendered when asked', () => {
    const dir = contentFixture({ 'posts/spain/en.md': post() })
    const { store } = loadContent(dir)
    const doc = store.postsByKey.get('spain')?.get('en')
    if (!doc) throw new Error('no post')
    const body = doc.markdown()
    expect(body.length).toBeGreaterThan(20)
    // The document holds the front matter and counts, not the text.
    expect(JSON.stringify(doc)).not.toContain(body.trim().slice(0, 20))
    expect(doc.words).toBeGreaterThan(0)
    // Rendered twice, the same HTML (the second from the bounded cache).
    expect(doc.html()).toEqual(doc.html())
    expect(doc.html().html).toContain('<p>')
  })
})

describe('content validation', () => {
  it('accepts a valid post and guide', () => {
    const { store, issues } = loadContent(
      contentFixture({ 'posts/spain/en.md': post(), 'posts/spain/de.md': post({ slug: 'kaufen-in-spanien' }), 'countries/es/en.md': guide() }),
    )
    expect(issues).toEqual([])
    expect(store.postsByLocale.get('de')?.[0].slug).toBe('kaufen-in-spanien')
    expect(store.guides.get('ES')?.get('en')?.body?.html().html).toContain('<h2 id="market-overview">')
  })

  it('names the file, the field and the reason for an invalid field', () => {
    const [issue] = problems({ 'posts/spain/en.md': post({ meta: 'x'.repeat(161) }) })
    expect(issue).toMatchObject({ file: expect.stringMatching(/posts\/spain\/en\.md$/), field: 'meta' })
    expect(issue.message).toMatch(/160/)
  })

  it('rejects a missing required field', () => {
    expect(problems({ 'posts/spain/en.md': post({ title: '' }) })).toEqual([expect.objectContaining({ field: 'title' })])
  })

  it('rejects duplicate slugs in one language', () => {
    const issues = problems({
      'posts/spain/en.md': post(),
      'posts/spain-again/en.md': post({ title: 'Another' }),
    })
    expect(issues).toEqual([expect.objectContaining({ field: 'slug', message: expect.stringMatching(/already used in en/) })])
  })

  it('allows the same slug in two languages', () => {
    expect(problems({ 'posts/spain/en.md': post(), 'posts/spain/es.md': post() })).toEqual([])
  })

  it('rejects an unknown country code', () => {
    expect(problems({ 'posts/spain/en.md': post({ country: 'XX' }) })).toEqual([
      expect.objectContaining({ field: 'country', message: 'unknown country code "XX"' }),
    ])
    expect(problems({ 'posts/spain/en.md': post(), 'countries/zz/en.md': guide() })).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/unknown country code "zz"/) }),
    ])
  })

  it('rejects a language outside the 18', () => {
    expect(problems({ 'posts/spain/en.md': post(), 'posts/spain/ru.md': post() })).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/"ru" is not one of the 18 languages/) }),
    ])
  })

  it('rejects a slug outside a-z 0-9 - _ . ~', () => {
    for (const slug of ['Buying-In-Spain', 'compra/españa', 'a b', 'ισπανία']) {
      expect(problems({ 'posts/spain/en.md': post({ slug }) })).toEqual([expect.objectContaining({ field: 'slug' })])
    }
    expect(problems({ 'posts/spain/en.md': post({ slug: 'ok_slug.v2~1' }) })).toEqual([])
  })

  it('rejects broken front matter and unknown fields', () => {
    expect(problems({ 'posts/spain/en.md': 'no front matter' })[0].message).toMatch(/must start with YAML front matter/)
    expect(problems({ 'posts/spain/en.md': '---\ntitle: "a\n---\nbody' })[0].message).toMatch(/not valid YAML/)
    expect(problems({ 'posts/spain/en.md': post({ colour: 'red' }) })[0].message).toMatch(/colour/)
  })

  it('requires an English version of every post and guide', () => {
    expect(problems({ 'posts/spain/de.md': post() })[0].message).toMatch(/English version/)
    expect(problems({ 'countries/es/de.md': guide() })[0].message).toMatch(/English version with a body/)
  })

  it('rejects bad dates', () => {
    expect(problems({ 'posts/spain/en.md': post({ publishedAt: '2026-13-45' }) })).toEqual([expect.objectContaining({ field: 'publishedAt' })])
  })

  it('reports a missing content directory', () => {
    expect(loadContent('/nonexistent/estate-atlas').issues[0].message).toMatch(/does not exist/)
  })
})
