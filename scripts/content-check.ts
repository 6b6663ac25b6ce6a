// `npm run content:check`: validates every content file and prints the coverage per locale.
// Exit 1 on any error, so the build and CI stop on a broken file.
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { checkContent } from '../src/content/check.server'
import { consistencyReport, formatConsistency } from '../src/content/consistency-report'
import { coverage, formatCoverage } from '../src/content/coverage'
import { formatOutdated, outdatedTranslations } from '../src/content/outdated'
import { contentDir, formatIssues } from '../src/content/store.server'
import { checkProse, endingFigures, staleFigures } from '../src/key-figures/prose-check'

const quiet = process.argv.includes('--quiet')
const dir = contentDir()
const { store, issues, warnings, unusedExceptions, exceptionsFile } = checkContent(dir)
// Accepted, but for an editor to look at (issue 35): a link out of the content folder, bytes that are not UTF-8.
if (warnings.length) console.log(`Content warnings (the files load; check them):\n${formatIssues(warnings)}\n`)
const rows = coverage(store)

if (!quiet) {
  console.log(`Content in ${dir}\n`)
  console.log(formatCoverage(rows))
  const documents = rows.reduce((n, r) => n + r.posts + r.guides + r.pages, 0)
  console.log(`\n${store.postsByKey.size} posts, ${store.guides.size} guides, ${documents} documents in all.`)
  // Warnings for a person to check, not errors: a translation may differ from its source for good reason.
  console.log(`\n${formatConsistency(consistencyReport(store))}`)
  console.log(`\n${formatOutdated(outdatedTranslations(store))}`)
  // Key figures (issue 23): the English guides against the dataset, and figures over a year old.
  const prose = store.keyFigures.countries.flatMap((country) => {
    const guide = store.guides.get(country.country)?.get('en')
    if (!guide?.body) return []
    // The whole file, front matter too (its description quotes figures), so lines are the file's.
    return checkProse(readFileSync(guide.file, 'utf8'), country).map(
      (f) => `  ${guide.file}:${f.line} ${f.item}: ${f.found} where the dataset has ${f.dataset}, in "${f.excerpt}"`,
    )
  })
  console.log(
    prose.length
      ? `\nGuide text that may contradict the key-figures dataset (warnings; check and correct one or the other):\n${prose.join('\n')}`
      : '\nThe English guides agree with the key-figures dataset.',
  )
  const today = new Date().toISOString().slice(0, 10)
  const stale = staleFigures(store.keyFigures.countries, today)
  if (stale.length)
    console.log(
      `\nKey figures last checked more than 6 months ago (warnings; compare each with its source and set \`checked\`):\n${stale.map((s) => `  ${s.country} ${s.field}: checked ${s.checked}`).join('\n')}`,
    )
  const ending = endingFigures(store.keyFigures.countries, today)
  if (ending.length)
    console.log(
      `\nTemporary key figures ending within 60 days (warnings; check whether the rule was extended, else its \`then\` applies from that day):\n${ending.map((e) => `  ${e.country} ${e.field}: ends on ${e.endsOn}`).join('\n')}`,
    )
  if (unusedExceptions.length) {
    const stale = unusedExceptions.map((e) => `  ${e.file}: "${e.excerpt}"`).join('\n')
    console.log(
      `\nTypography exceptions that match nothing any more (warnings; remove them from ${relative(process.cwd(), exceptionsFile)}):\n${stale}`,
    )
  }
}
if (issues.length) {
  console.error(`\n${issues.length} problem${issues.length === 1 ? '' : 's'}:\n${formatIssues(issues)}`)
  process.exit(1)
}
if (!quiet) console.log('No problems found.')
