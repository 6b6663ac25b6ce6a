/**
 * What the editorial interface cannot open (issue 26): its body field reads Markdown as MDX, where
 * `{`, a bare `<` and `<https://…>` autolinks are syntax. A file the repository accepts but the
 * editor cannot open would strand its editors, so `content:check` refuses it, naming the line.
 */
import { micromark } from 'micromark'
import { mdxjs } from 'micromark-extension-mdxjs'

export type SyntaxProblem = { line: number; message: string }

/**
 * MDX adds three constructs to Markdown, and only they can fail to parse: an expression opens at
 * `{`, JSX at `<`, and ESM at `import ` or `export ` starting a line (micromark-extension-mdxjs;
 * the constructs it disables never fail). A body with none of those parses as MDX, so it is not
 * parsed: most bodies have none, and the parse was 60 % of `content:check` on a large archive
 * (18 of 30 s for 14,670 files). The test checks the shortcut against the parser on random text.
 */
const mayFail = (body: string) => body.includes('{') || body.includes('<') || /^(?:import|export) /m.test(body)

/** The body's first construct the editor cannot read, with its line in the body, or null. */
export function editorSyntaxProblem(body: string): SyntaxProblem | null {
  if (!mayFail(body)) return null
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
