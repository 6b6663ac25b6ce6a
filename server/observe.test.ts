import { describe, expect, it } from 'vitest'
import { requestIdOf, routeOf } from './observe.ts'

describe('what an operator sees (issue 35)', () => {
  it('labels requests by a bounded set of routes, never by the path', () => {
    expect(routeOf('/en/blog/buying-property-in-spain-as-a-foreigner')).toBe('page')
    expect(routeOf('/de/blog/laender/vergleich')).toBe('page')
    expect(routeOf('/assets/index-abc.js')).toBe('static')
    expect(routeOf('/favicon.svg')).toBe('static')
    expect(routeOf('/api/og')).toBe('share-image')
    expect(routeOf('/api/ph/e/')).toBe('analytics')
    expect(routeOf('/api/search')).toBe('search')
    expect(routeOf('/api/keystatic/tree')).toBe('admin')
    expect(routeOf('/sitemaps/en.xml')).toBe('feed')
    expect(routeOf('/en/rss.xml')).toBe('feed')
    expect(routeOf('/readyz')).toBe('health')
  })

  it("keeps a proxy's request id when it looks like one, and makes one otherwise", () => {
    expect(requestIdOf('abc12345-proxy')).toBe('abc12345-proxy')
    expect(requestIdOf('<script>')).toMatch(/^[0-9a-f-]{36}$/)
    expect(requestIdOf(undefined)).toMatch(/^[0-9a-f-]{36}$/)
  })
})
