// Every repository path a code comment names must exist (issue 36: comments that name files no
// longer there send a maintainer looking for nothing). Run by its unit test, so `npm run validate`
// fails on such a comment; `npx tsx scripts/comment-paths.ts` lists them.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

const ROOTS = ['src', 'server', 'scripts', 'tests']
const SKIP = /^(src\/paraglide|src\/routeTree\.gen\.ts)/
/** A path as comments write it: a top-level folder of this repository, then segments. */
const PATH = /(?<![\w./-])((?:src|server|scripts|tests|docs|content|public|messages)\/[\w.$[\]-]+(?:\/[\w.$[\]-]+)*)(?![\w.$[\]<*{/-])/g

/** The comments of a TypeScript source: line comments and block comments, with their line numbers. */
export function commentsOf(source: string): Array<{ line: number; text: string }> {
  const found: Array<{ line: number; text: string }> = []
  const pattern = /\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/[^\n]*/g
  for (const match of source.matchAll(pattern)) {
    const line = source.slice(0, match.index).split('\n').length
    found.push({ line, text: match[0] })
  }
  return found
}

/** The paths a comment names; a trailing dot or a glob is left out. */
export function pathsIn(text: string): string[] {
  return [...text.matchAll(PATH)].map((m) => m[1].replace(/[.)]+$/, '')).filter((path) => !/[*{]/.test(path) && !path.includes('<'))
}

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (SKIP.test(path)) continue
    if (entry.isDirectory()) yield* files(path)
    else if (/\.(ts|tsx|cjs|js)$/.test(entry.name)) yield path
  }
}

/** A path, or the start of a file's name (`docs/decisions/005` for 005-analytics-consent.md). */
function exists(path: string): boolean {
  if (existsSync(path)) return true
  const dir = dirname(path)
  return existsSync(dir) && readdirSync(dir).some((name) => name.startsWith(basename(path)))
}

/** Every comment path that does not exist, as `file:line path`. */
export function missingCommentPaths(root = '.'): string[] {
  const missing: string[] = []
  for (const top of ROOTS) {
    for (const file of files(join(root, top))) {
      for (const { line, text } of commentsOf(readFileSync(file, 'utf8'))) {
        for (const path of pathsIn(text)) if (!exists(join(root, path))) missing.push(`${file}:${line} ${path}`)
      }
    }
  }
  return missing
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const missing = missingCommentPaths()
  console.log(missing.length ? missing.join('\n') : 'Every path named in a comment exists.')
  process.exit(missing.length ? 1 : 0)
}
