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
})
