import { describe, expect, it } from 'vitest'
import { dataFileOf } from './static-data'

describe('dataFileOf', () => {
  it('names the data file each kind of page reads', () => {
    expect(dataFileOf('/de/blog')).toBe('list/de/1')
    expect(dataFileOf('/de/blog/seite/3')).toBe('list/de/3')
    expect(dataFileOf('/el/blog/chores/ellada/arthra')).toBe('list/el/1/ellada')
    expect(dataFileOf('/el/blog/chores/ellada/arthra/selida/2')).toBe('list/el/2/ellada')
    expect(dataFileOf('/en/blog/some-post')).toBe('post/en/some-post')
    expect(dataFileOf('/de/blog/laender/kroatien')).toBe('country/de/kroatien')
    expect(dataFileOf('/de/ueber-uns')).toBe('page/de/about')
    expect(dataFileOf('/uk/konfidentsiinist')).toBe('page/uk/privacy')
  })
  it('has none for paths that are no page', () => {
    expect(dataFileOf('/xx/blog')).toBeNull()
    expect(dataFileOf('/')).toBeNull()
  })
})
