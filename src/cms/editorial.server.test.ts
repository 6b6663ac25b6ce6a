import { describe, expect, it } from 'vitest'
import { contentFixture, guide, post } from '../content/test-fixtures'
import { contentProblems, translationGrid } from './editorial.server'

const now = Date.parse('2026-11-25T12:00:00Z')

describe('the translation grid', () => {
  const dir = contentFixture({
    'posts/spain/en.md': post({ updatedAt: '2026-11-20' }),
    'posts/spain/de.md': post({ slug: 'kaufen-in-spanien', updatedAt: '2026-11-01' }),
    'posts/spain/el.md': post({ slug: 'agora-stin-ispania', updatedAt: '2026-11-21' }),
    'posts/spain/fr.md': post({ slug: 'acheter-en-espagne', draft: 'true' }).replace('draft: "true"', 'draft: true'),
    'posts/later/en.md': post({ slug: 'later', publishedAt: '2026-12-01T09:00:00+01:00' }),
    'countries/es/en.md': guide(),
  })
  const rows = translationGrid(dir, now)
  const spain = rows.find((r) => r.kind === 'posts' && r.key === 'spain')!

  it('shows every document in every language: up to date, outdated by the English, draft, missing', () => {
    expect(spain.title).toBe('Buying in Spain')
    expect(spain.cells.en.status).toBe('present')
    expect(spain.cells.el.status).toBe('present')
    expect(spain.cells.de).toMatchObject({ status: 'outdated', daysBehind: 19 })
    expect(spain.cells.fr.status).toBe('draft')
    expect(spain.cells.pl).toEqual({ status: 'missing', daysBehind: 0, publicPath: null })
    expect(Object.keys(spain.cells)).toHaveLength(18)
  })

  it('marks a post before its time as scheduled and gives each version its public address', () => {
    expect(rows.find((r) => r.key === 'later')?.cells.en.status).toBe('scheduled')
    expect(spain.cells.de.publicPath).toBe('/de/blog/kaufen-in-spanien')
    expect(rows.find((r) => r.kind === 'guides' && r.key === 'es')?.cells.en.publicPath).toBe('/en/blog/countries/spain')
  })
})

describe('the check a save must pass', () => {
  it("names each problem with the file relative to the content, the loader's and the editor's", () => {
    const dir = contentFixture({
      'posts/spain/en.md': post({ slug: 'Bad Slug' }),
      'posts/spain/de.md': post({ slug: 'kaufen' }, 'Siehe <https://example.com> für die Gebühren.\n\n## Kosten\n\nSteuern.'),
      'countries/es/en.md': guide(),
    })
    const problems = contentProblems(dir, ['posts/spain/en.md', 'posts/spain/de.md'])
    expect(problems).toContainEqual(expect.objectContaining({ file: 'posts/spain/en.md', field: 'slug' }))
    expect(problems).toContainEqual(expect.objectContaining({ file: expect.stringMatching(/^posts\/spain\/de\.md:\d+$/), field: 'body' }))
  })
})
