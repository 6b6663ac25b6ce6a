// `npm run content:fix-typography [-- --write]`: corrects the typography problems of every content
// file that have one safe correction (src/content/typography/) and lists those left for a person.
// Without --write it only says what it would change. Run by hand; review the diff before committing.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fixDocument, parseTypographyExceptions } from '../src/content/typography'
import { isLocale } from '../src/paraglide/runtime'

const write = process.argv.includes('--write')
const dir = process.env.CONTENT_DIR || 'content'
const exceptionsFile = join(dir, 'typography-exceptions.yaml')
const { exceptions, problems } = parseTypographyExceptions(existsSync(exceptionsFile) ? readFileSync(exceptionsFile, 'utf8') : '')
if (problems.length) throw new Error(`${exceptionsFile}:\n${problems.join('\n')}`)

const files = ['posts', 'countries', 'pages'].flatMap((kind) =>
  existsSync(join(dir, kind))
    ? readdirSync(join(dir, kind)).flatMap((key) =>
        readdirSync(join(dir, kind, key))
          .filter((name) => name.endsWith('.md'))
          .map((name) => `${kind}/${key}/${name}`),
      )
    : [],
)

let fixedTotal = 0
let changedFiles = 0
const left: string[] = []
for (const file of files.sort()) {
  const locale = file.split('/')[2].replace(/\.md$/, '')
  if (!isLocale(locale)) continue
  const path = join(dir, file)
  const source = readFileSync(path, 'utf8')
  const allow = exceptions.filter((exception) => exception.file === file).map((exception) => exception.excerpt)
  const result = fixDocument(source, locale, allow)
  if (result.fixed) {
    fixedTotal += result.fixed
    changedFiles++
    console.log(`${write ? 'fixed' : 'would fix'} ${result.fixed} in ${file}`)
    if (write) writeFileSync(path, result.source)
  }
  for (const issue of result.left) left.push(`  ${file}:${issue.line}:${issue.column} [${issue.rule}] ${issue.message}, in "${issue.excerpt}"`)
}

console.log(
  `\n${write ? 'Fixed' : 'Would fix'} ${fixedTotal} problem${fixedTotal === 1 ? '' : 's'} in ${changedFiles} file${changedFiles === 1 ? '' : 's'}.`,
)
if (left.length) console.log(`\n${left.length} left to fix by hand (or to list in ${exceptionsFile} with a reason):\n${left.join('\n')}`)
