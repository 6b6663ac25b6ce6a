// `npx tsx scripts/guide-consistency.ts [lang]`: the consistency part of content:check, for one
// language or all. Exit 1 when a difference is left unconfirmed.
import { consistencyReport, formatConsistency } from '../src/content/consistency-report'
import { loadContent } from '../src/content/load.server'
import { contentDir, formatIssues } from '../src/content/store.server'
import { isLocale } from '../src/paraglide/runtime'

const lang = process.argv[2]
if (lang !== undefined && !isLocale(lang)) {
  console.error(`Unknown language "${lang}"`)
  process.exit(2)
}
const { store, issues } = loadContent(contentDir())
if (issues.length) console.error(formatIssues(issues))
const report = consistencyReport(store, lang)
console.log(formatConsistency(report))
process.exit(report.length || issues.length ? 1 : 0)
