import { describe, expect, it } from 'vitest'
import { pageTitle } from './title'

describe('page titles', () => {
  it('prefixes the brand with a vertical bar', () => {
    expect(pageTitle('Real Estate Insights & Property Market News')).toBe('Estate Atlas | Real Estate Insights & Property Market News')
  })
  it('leaves the brand alone', () => {
    expect(pageTitle('Estate Atlas')).toBe('Estate Atlas')
    expect(pageTitle('  ')).toBe('Estate Atlas')
  })
})
