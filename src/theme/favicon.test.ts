import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FAVICON_URL, svgDataUrl } from './favicon'

describe('the favicon as a data URL', () => {
  it('decodes to the SVG in public/', () => {
    const file = readFileSync('public/favicon.svg', 'utf8').trim()
    expect(decodeURIComponent(FAVICON_URL.slice('data:image/svg+xml,'.length))).toBe(file)
  })

  it('escapes what a URL cannot carry and keeps the rest readable', () => {
    expect(svgDataUrl('<svg fill="#0c6161" a=\'b\'>\n</svg>')).toBe('data:image/svg+xml,%3Csvg%20fill=%22%230c6161%22%20a=%27b%27%3E%20%3C/svg%3E')
  })
})
