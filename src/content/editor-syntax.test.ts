import fc from 'fast-check'
import { micromark } from 'micromark'
import { mdxjs } from 'micromark-extension-mdxjs'
import { describe, expect, it } from 'vitest'
import { editorSyntaxProblem } from './editor-syntax'

describe('what the editorial interface cannot open', () => {
  it('accepts Markdown with code spans, tables and links', () => {
    expect(
      editorSyntaxProblem('# Title\n\nA `ph_<key>_posthog` cookie, [a link](https://example.com).\n\n| a | b |\n|---|---|\n| 1 | 2 |\n'),
    ).toBeNull()
  })

  it.each([
    ['an autolink', 'Intro.\n\nSee <https://example.com/page> for more.\n', 3],
    ['a brace', 'Prices {from 2026}.\n', 1],
    ['a bare angle bracket', 'First.\n\nPrices <from 2026 on.\n', 3],
  ])('names the line of %s', (_, body, line) => {
    const problem = editorSyntaxProblem(body)
    expect(problem?.line).toBe(line)
    expect(problem?.message).toMatch(/editor cannot open/)
  })

  it.each([
    ['ESM at the start of a line', 'Intro.\n\nexport const a = ;\n\nMore.\n', 3],
    ['an import of nothing', 'import from nowhere\n', 1],
  ])('names the line of %s', (_, body, line) => {
    expect(editorSyntaxProblem(body)?.line).toBe(line)
  })

  it('answers as the MDX parser does on random Markdown, with and without the characters MDX reads', () => {
    const parses = (body: string) => {
      try {
        micromark(body, { extensions: [mdxjs()] })
        return true
      } catch {
        return false
      }
    }
    // Markdown's own syntax, words that begin like MDX's ESM keywords, and (rarely) { and <.
    const piece = fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom('a', 'Δ', ' ', '\n', '\n\n', '\r\n', '\t', '    ', '*', '_', '`', '```', '[', ']', '(', ')', '!') },
      { weight: 12, arbitrary: fc.constantFrom('# ', '> ', '- ', '1. ', '|', '---', '\\', '&amp;', '&', '}', '>', ':', '"', 'https://x.eu', '~') },
      { weight: 6, arbitrary: fc.constantFrom('export ', 'import ', 'exports ', 'export\t', 'important ', ' export ', 'export', 'x = 1;', "'b'") },
      { weight: 1, arbitrary: fc.constantFrom('{', '<', '<b>', '{1}', '\\{', '\\<', '`{`', '`<`') },
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const body = pieces.join('')
        expect(editorSyntaxProblem(body) === null, JSON.stringify(body)).toBe(parses(body))
      }),
      { numRuns: 3000, seed: 27 },
    )
  })
})
