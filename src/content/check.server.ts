/**
 * Every rule `npm run content:check` applies, as one function: the loader's schema and cross-file
 * checks, each language's typography, and what the editorial interface cannot open. The script and
 * the editorial server (a save is refused on any issue) both call it.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { editorSyntaxProblem } from './editor-syntax'
import { parseFrontMatter } from './front-matter'
import { loadContent, type ContentIssue } from './load.server'
import { checkFiles, parseTypographyExceptions } from './typography'

/** Lines before the body (a file without front matter was reported by the loader and is not here). */
const frontMatterLines = (source: string) => {
  const parsed = parseFrontMatter(source)
  return 'error' in parsed ? 0 : parsed.lines
}

/**
 * `only` (paths relative to `dir`) limits the per-file rules (typography, what the editor can open)
 * to those files: a save checks what it writes against the whole store, not every file again.
 */
export function checkContent(dir: string, only?: ReadonlySet<string>) {
  const { store, issues, warnings } = loadContent(dir)
  const exceptionsFile = join(dir, 'typography-exceptions.yaml')
  const parsed = parseTypographyExceptions(existsSync(exceptionsFile) ? readFileSync(exceptionsFile, 'utf8') : '')
  for (const message of parsed.problems) issues.push({ file: relative(process.cwd(), exceptionsFile), message })
  const versions = [...store.postsByKey.values(), ...store.guides.values(), ...store.pages.values()]
    .flatMap((byLocale) => [...byLocale.values()])
    .map((doc) => ({ doc, file: relative(dir, doc.file).replaceAll('\\', '/') }))
    .filter(({ file }) => !only || only.has(file))
  const sources = versions.map(({ doc, file }) => ({ doc, file, source: readFileSync(doc.file, 'utf8') }))
  const typography = checkFiles(
    sources.map(({ doc, file, source }) => ({ file, locale: doc.locale, source })),
    parsed.exceptions,
  )
  for (const found of typography.issues) {
    issues.push({
      file: `${relative(process.cwd(), join(dir, found.file))}:${found.line}`,
      field: found.rule,
      message: `${found.message}, in "${found.excerpt}"`,
    })
  }
  for (const { doc, source } of sources) {
    const skipped = frontMatterLines(source)
    const problem = editorSyntaxProblem(source.split('\n').slice(skipped).join('\n'))
    if (problem) issues.push({ file: `${doc.file}:${problem.line + skipped}`, field: 'body', message: problem.message } satisfies ContentIssue)
  }
  return { warnings, store, issues, unusedExceptions: typography.unused, exceptionsFile }
}
