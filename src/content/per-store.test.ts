import { describe, expect, it } from 'vitest'
import { loadContent } from './load.server'
import { perStore } from './per-store'

describe('perStore', () => {
  const a = loadContent('content').store
  const b = loadContent('content').store

  it('builds a value once per store and key', () => {
    let builds = 0
    const count = perStore((store, key: string) => ({ store, key, build: ++builds }))
    expect(count(a, 'en')).toBe(count(a, 'en'))
    expect(builds).toBe(1)
    expect(count(a, 'de').build).toBe(2)
    // A new store (a reload, a publication) gets its own values.
    expect(count(b, 'en').store).toBe(b)
    expect(builds).toBe(3)
  })

  it('builds again what was forgotten', () => {
    let builds = 0
    const count = perStore(() => ++builds)
    count(a, 'en')
    count.forget(a, 'en')
    expect(count(a, 'en')).toBe(2)
    expect(count(a, 'de')).toBe(3)
  })
})
