// `npm run content:check`: validates every content file and prints the coverage per locale.
// Exit 1 on any error, so the build and CI stop on a broken file.
import { consistencyReport, formatConsistency } from '../src/content/consistency-report'
import { coverage, formatCoverage } from '../src/content/coverage'
import { loadContent } from '../src/content/load.server'
import { formatOutdated, outdatedTranslations } from '../src/content/outdated'
import { contentDir, formatIssues } from '../src/content/store.server'

const quiet = process.argv.includes('--quiet')
const dir = contentDir()
const { store, issues } = loadContent(dir)
const rows = coverage(store)

if (!quiet) {
  console.log(`Content in ${dir}\n`)
  console.log(formatCoverage(rows))
  const documents = rows.reduce((n, r) => n + r.posts + r.guides + r.pages, 0)
  console.log(`\n${store.postsByKey.size} posts, ${store.guides.size} guides, ${documents} documents in all.`)
  // Warnings for a person to check, not errors: a translation may differ from its source for good reason.
  console.log(`\n${formatConsistency(consistencyReport(store))}`)
  console.log(`\n${formatOutdated(outdatedTranslations(store))}`)
}
if (issues.length) {
  console.error(`\n${issues.length} problem${issues.length === 1 ? '' : 's'}:\n${formatIssues(issues)}`)
  process.exit(1)
}
if (!quiet) console.log('No problems found.')
