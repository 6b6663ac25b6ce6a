import { describe, expect, it } from 'vitest'
import { analyticsUrl } from './posthog.client'

describe('the URL analytics records', () => {
  it('leaves out a newsletter link’s signed token, and keeps everything else', () => {
    expect(analyticsUrl('https://estateatlas.eu/el/enimerotiko-deltio?state=confirm&t=eyJhbGciOi.x.y')).toBe(
      'https://estateatlas.eu/el/enimerotiko-deltio?state=confirm',
    )
    expect(analyticsUrl('/en/newsletter?t=abc&state=preferences#top')).toBe('/en/newsletter?state=preferences#top')
    expect(analyticsUrl('/en/blog/countries/compare?sort=oneOff&dir=asc')).toBe('/en/blog/countries/compare?sort=oneOff&dir=asc')
    expect(analyticsUrl('/en/search?q=tax&topic=t')).toBe('/en/search?q=tax&topic=t')
  })
})
