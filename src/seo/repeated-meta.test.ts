import { describe, expect, it } from 'vitest'
import { repeatedMeta } from './repeated-meta'

describe('repeated head properties', () => {
  it('gives every entry of a repeated property but the last, and nothing of a single one', () => {
    const entries = [
      { property: 'og:title', content: 'T' },
      { property: 'og:locale:alternate', content: 'de_DE' },
      { property: 'og:locale:alternate', content: 'el_GR' },
      undefined,
      { property: 'article:tag', content: 'nie' },
      { property: 'og:locale:alternate', content: 'uk_UA' },
      { property: 'article:tag', content: 'arras' },
    ]
    expect(repeatedMeta(entries)).toEqual([
      { property: 'og:locale:alternate', content: 'de_DE' },
      { property: 'og:locale:alternate', content: 'el_GR' },
      { property: 'article:tag', content: 'nie' },
    ])
    expect(repeatedMeta([{ property: 'og:title', content: 'T' }])).toEqual([])
  })
})
