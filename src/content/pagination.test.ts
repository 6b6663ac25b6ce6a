import { describe, expect, it } from 'vitest'
import { pageNumbers, pageSlice, parsePageParam } from './pagination'

describe('parsePageParam', () => {
  it('reads page numbers as a URL spells them', () => {
    expect(parsePageParam(undefined)).toBe(1)
    expect(parsePageParam('2')).toBe(2)
    expect(parsePageParam('140')).toBe(140)
  })
  it('refuses every other spelling', () => {
    for (const bad of ['', '0', '02', '-1', '1.5', '1e3', 'abc', '2 ', ' 2', '9999999', 'Infinity']) expect(parsePageParam(bad), bad).toBeNull()
  })
})

describe('pageSlice', () => {
  it('cuts the list into pages of a fixed size', () => {
    expect(pageSlice(30, 1, 12)).toEqual({ page: 1, pageCount: 3, start: 0, end: 12 })
    expect(pageSlice(30, 3, 12)).toEqual({ page: 3, pageCount: 3, start: 24, end: 30 })
  })
  it('has a first page even for an empty list, and nothing past the last page', () => {
    expect(pageSlice(0, 1, 12)).toEqual({ page: 1, pageCount: 1, start: 0, end: 0 })
    expect(pageSlice(0, 2, 12)).toBeNull()
    expect(pageSlice(24, 3, 12)).toBeNull()
    expect(pageSlice(24, 0, 12)).toBeNull()
  })
})

describe('pageNumbers', () => {
  it('lists every page of a short list', () => {
    expect(pageNumbers(1, 1)).toEqual([1])
    expect(pageNumbers(2, 5)).toEqual([1, 2, 3, 4, 5])
  })
  it('keeps the ends and the neighbourhood of the current page, with gaps between', () => {
    expect(pageNumbers(6, 20)).toEqual([1, null, 4, 5, 6, 7, 8, null, 20])
    expect(pageNumbers(1, 20)).toEqual([1, 2, 3, null, 20])
    expect(pageNumbers(20, 20)).toEqual([1, null, 18, 19, 20])
  })
  it('fills a gap of one page with that page instead of an ellipsis', () => {
    expect(pageNumbers(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 20])
  })
})
