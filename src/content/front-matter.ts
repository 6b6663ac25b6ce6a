/**
 * The one reader of a content file's front matter (issue 36): vfile-matter, the unified
 * ecosystem's, which parses the YAML with the same `yaml` package as the rest of the content. Only
 * the editorial server's byte-preserving write-back (server/cms/write-back.ts) frames the file
 * itself, because it must keep every byte it does not change.
 */
import { VFile } from 'vfile'
import { matter } from 'vfile-matter'

export type FrontMatter = {
  data: unknown
  body: string
  /** The front matter as written, both `---` lines and the line end after the second included. */
  head: string
  /** The opening `---` line with its line end (and a byte-order mark before it, if any). */
  open: string
  /** The YAML between the two `---` lines, as written (positions in it are `open.length` into the file). */
  yaml: string
  /** How many lines the head takes: the body's first line is this plus one. */
  lines: number
}

const NO_FRONT_MATTER = 'the file must start with YAML front matter between two --- lines'

/** Splits a content file into its front matter (parsed) and its body; a problem is a message, never a throw. */
export function parseFrontMatter(source: string): FrontMatter | { error: string } {
  const bom = source.startsWith('\uFEFF') ? 1 : 0
  const text = source.slice(bom)
  if (!/^---(?:\r?\n|\r)/.test(text)) return { error: NO_FRONT_MATTER }
  const file = new VFile(text)
  try {
    matter(file, { strip: true })
  } catch (error) {
    return { error: `front matter is not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` }
  }
  const body = String(file.value)
  // Nothing stripped: the opening line is there, the closing one is not.
  if (body.length === text.length) return { error: NO_FRONT_MATTER }
  const head = source.slice(0, source.length - body.length)
  const open = head.slice(0, head.indexOf('\n', bom) + 1 || bom + 4)
  const yaml = head.slice(open.length, Math.max(open.length, head.lastIndexOf('---')))
  return { data: file.data.matter ?? {}, body, head, open, yaml, lines: head.split(/\r\n|\r|\n/).length - 1 }
}
