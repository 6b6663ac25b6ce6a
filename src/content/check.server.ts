/**
 * Every rule `npm run content:check` applies, as one function: the loader's schema and cross-file
 * checks, each language's typography and tax terms, and what the editorial interface cannot open.
 * The script and the editorial server (a save is refused on any issue) both call it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { isLocale } from '../paraglide/runtime'
import { editorSyntaxProblem } from './editor-syntax'
import { parseFrontMatter } from './front-matter'
import { loadContent, type ContentIssue } from './load.server'
import { dataProse, findRefusedTerms, markdownProse, parseTermList, type TermList } from './terms'
import { checkFiles, parseTypographyExceptions } from './typography'

/** Lines before the body (a file without front matter was reported by the loader and is not here). */
const frontMatterLines = (source: string) => {
  const parsed = parseFrontMatter(source)
  return 'error' in parsed ? 0 : parsed.lines
}

/** Each language's term list, `<dir>/terms/<lang>.yaml` (none: no term rule), and the problems of the lists. */
function termLists(dir: string, issues: ContentIssue[]) {
  const lists = new Map<string, TermList>()
  const termsDir = join(dir, 'terms')
  if (!existsSync(termsDir)) return lists
  for (const name of readdirSync(termsDir).sort()) {
    const file = relative(process.cwd(), join(termsDir, name))
    const locale = name.replace(/\.yaml$/, '')
    if (!name.endsWith('.yaml') || !isLocale(locale)) {
      issues.push({ file, message: 'a term list is named <lang>.yaml after one of the 18 languages' })
      continue
    }
    const { list, problems } = parseTermList(readFileSync(join(termsDir, name), 'utf8'), locale)
    for (const message of problems) issues.push({ file, field: 'terms', message })
    lists.set(locale, list)
  }
  return lists
}

function termIssues(file: string, prose: string, source: string, list: TermList): ContentIssue[] {
  return findRefusedTerms(prose, list, source).map((found) => ({
    file: `${file}:${found.line}`,
    field: 'term',
    message: `${found.message}, in "${found.excerpt}"`,
  }))
}

export type CheckOptions = {
  /** The interface messages, `<lang>.json`, checked against the term lists when the whole content is (default `messages/`). */
  messagesDir?: string
}

/**
 * `only` (paths relative to `dir`) limits the per-file rules (typography, tax terms, what the editor
 * can open) to those files: a save checks what it writes against the whole store, not every file again.
 */
export function checkContent(dir: string, only?: ReadonlySet<string>, options: CheckOptions = {}) {
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
  // One name per tax (issue 37): content, key-figures translations and the interface's messages.
  const lists = termLists(dir, issues)
  for (const { doc, source } of sources) {
    const list = lists.get(doc.locale)
    if (list) issues.push(...termIssues(relative(process.cwd(), doc.file), markdownProse(source), source, list))
  }
  const messagesDir = options.messagesDir ?? join(process.cwd(), 'messages')
  for (const [locale, list] of lists) {
    const data = [
      { path: join(dir, 'key-figures', 'translations', `${locale}.yaml`), checked: !only || only.has(`key-figures/translations/${locale}.yaml`) },
    ]
    // Messages are not content: a save in the editorial interface never writes them.
    if (!only) data.push({ path: join(messagesDir, `${locale}.json`), checked: true })
    for (const { path, checked } of data) {
      if (!checked || !existsSync(path)) continue
      const source = readFileSync(path, 'utf8')
      issues.push(...termIssues(relative(process.cwd(), path), dataProse(source), source, list))
    }
  }
  for (const { doc, source } of sources) {
    const skipped = frontMatterLines(source)
    const problem = editorSyntaxProblem(source.split('\n').slice(skipped).join('\n'))
    if (problem) issues.push({ file: `${doc.file}:${problem.line + skipped}`, field: 'body', message: problem.message } satisfies ContentIssue)
  }
  return { warnings, store, issues, unusedExceptions: typography.unused, exceptionsFile }
}
