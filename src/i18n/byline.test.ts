import { describe, expect, it } from 'vitest'
import { EDITORS } from '../config/constants'
import { byline } from './byline'

describe('byline', () => {
  it('names the editorial team in the page’s language, with no English left', () => {
    expect(byline(EDITORS, 'en')).toBe('By the Estate Atlas editors')
    expect(byline(EDITORS, 'de')).toBe('Von der Redaktion von Estate Atlas')
    expect(byline(EDITORS, 'el')).toBe('Συντάκτης: η συντακτική ομάδα του Estate Atlas')
    for (const locale of ['de', 'bg', 'uk', 'fr'] as const) expect(byline(EDITORS, locale)).not.toContain('Editors')
  })

  it('prints any other author’s name as written', () => {
    expect(byline('Maria Papadopoulou', 'de')).toBe('Von Maria Papadopoulou')
    expect(byline('Maria Papadopoulou', 'bg')).toBe('Автор: Maria Papadopoulou')
  })
})
