import { describe, expect, it } from 'vitest'
import { commentsOf, missingCommentPaths, pathsIn } from './comment-paths'

describe('paths named in comments (issue 36)', () => {
  it('finds the comments of a source and the repository paths they name', () => {
    const source =
      "const url = 'https://x.test/src/not-a-comment.ts' // see src/content/load.server.ts.\n/**\n * and server/app.ts, or docs/decisions/005\n */"
    expect(commentsOf(source).map((c) => c.line)).toEqual([1, 2])
    expect(commentsOf(source).flatMap((c) => pathsIn(c.text))).toEqual(['src/content/load.server.ts', 'server/app.ts', 'docs/decisions/005'])
    expect(pathsIn('content/posts/<key>/<lang>.md and src/**/*.ts')).toEqual([])
  })

  it('every path a comment of this repository names exists', () => {
    expect(missingCommentPaths()).toEqual([])
  })
})
