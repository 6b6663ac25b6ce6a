import { describe, expect, it } from 'vitest'
import { loadContent } from '../../src/content/load.server.ts'
import { digestFor, queueDigests } from './digest.ts'
import type { Subscriber } from './types.ts'

const { store } = loadContent('content')
const site = 'https://estate-atlas.example'
const reader = (over: Partial<Subscriber>): Subscriber => ({
  id: 'r1',
  email: 'reader@example.com',
  locale: 'el',
  countries: ['GR'],
  frequency: 'changes',
  status: 'confirmed',
  tokenVersion: 1,
  createdAt: 0,
  confirmRequestedAt: 0,
  confirmedAt: Date.UTC(2026, 0, 1),
  lastDigestAt: null,
  consentAt: 0,
  consentVersion: 'v',
  consentIpHash: 'h',
  ...over,
})

describe("a reader's digest (issue 39)", () => {
  it('lists, in the reader’s language, the posts and guide updates about their countries since their last mail, and their figure changes', () => {
    const now = Date.UTC(2026, 11, 1)
    const greece = digestFor(store, reader({}), Date.UTC(2025, 0, 1), now, site)!
    expect(greece.guides).toEqual([{ title: expect.stringMatching(/Ελλάδα/), url: `${site}/el/blog/chores/ellada` }])
    expect(greece.posts.every((p) => p.url.startsWith(`${site}/el/blog/`))).toBe(true)
    const portugal = digestFor(store, reader({ countries: ['PT'], locale: 'de' }), Date.UTC(2026, 10, 1), now, site)!
    // Portugal's rent-tax change of 28 November 2026, in German, linking the German guide.
    expect(portugal.changes.some((c) => /^Portugal: /.test(c.text) && c.url === `${site}/de/blog/laender/portugal`)).toBe(true)
  })

  it('is nothing when nothing is new', () => {
    expect(digestFor(store, reader({}), Date.UTC(2026, 11, 1), Date.UTC(2026, 11, 2), site)).toBeNull()
  })

  it('queues one digest per reader and period, none for readers with nothing new or not confirmed, weekly readers once a week', async () => {
    const keys = new Set<string>()
    const enqueue = async (job: { key: string }) => {
      const created = !keys.has(job.key)
      keys.add(job.key)
      return { created }
    }
    const now = Date.UTC(2026, 11, 1, 7)
    const readers = [
      reader({ id: 'a' }),
      reader({ id: 'b', status: 'unsubscribed' }),
      reader({ id: 'c', lastDigestAt: Date.UTC(2026, 10, 30) }),
      reader({ id: 'd', frequency: 'weekly', lastDigestAt: Date.UTC(2026, 10, 28) }),
    ]
    const run = () => queueDigests({ readers, content: store, siteUrl: site, now, period: 'week-48', enqueue })
    expect(await run()).toEqual({ queued: 1, nothingNew: 1 })
    expect([...keys]).toEqual(['digest:a:2026-12-01'])
    expect(await run()).toEqual({ queued: 0, nothingNew: 1 })
  })
})
