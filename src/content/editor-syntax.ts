/**
 * What the editorial interface cannot open (issue 26): its body field reads Markdown as MDX, where
 * `{`, a bare `<` and `<https://…>` autolinks are syntax. A file the repository accepts but the
 * editor cannot open would strand its editors, so `content:check` refuses it, naming the line.
 */
import { micromark } from 'micromark'
import { mdxjs } from 'micromark-extension-mdxjs'

export type SyntaxProblem = { line: number; message: string }

/** The body's first construct the editor cannot read, with its line in the body, or null. */
export function editorSyntaxProblem(body: string): SyntaxProblem | null {
  try {
    micromark(body, { extensions: [mdxjs()] })
    return null
  } catch (error) {
    const place = error as { line?: number; reason?: string; message?: string }
    const reason = (place.reason ?? place.message ?? String(error)).split('\n')[0]
    return {
      line: place.line ?? 1,
      message: `the editor cannot open this body (${reason}); write a link as [text](https://…), and put { or < inside \`code\` or escape it as \\{ or \\<`,
    }
  }
}
