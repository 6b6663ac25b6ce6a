/**
 * The static export's search index (issue 14, decision 014): Pagefind's, written next to the pages
 * in `pagefind/`, from the documents the server's engine indexes (src/search/documents.server.ts) —
 * the live posts, guides and static pages of each language, one index per language.
 */
import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import * as pagefind from 'pagefind'
import { loadContent } from '../src/content/load.server'
import { contentDir, formatIssues } from '../src/content/store.server'
import { liveStore } from '../src/content/visibility'
import { locales } from '../src/paraglide/runtime'
import { searchDocuments } from '../src/search/documents.server'

export async function writePagefindIndex(outputPath: string) {
  const { store: all, issues } = loadContent(contentDir())
  if (issues.length) throw new Error(`Content is invalid:\n${formatIssues(issues)}`)
  const { store } = liveStore(all, Date.now())
  const { index, errors } = await pagefind.createIndex({})
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`)
  let records = 0
  try {
    for (const locale of locales) {
      for (const doc of searchDocuments(store, locale)) {
        const meta: Record<string, string> = { title: doc.title, kind: doc.kind }
        if (doc.country) meta.country = doc.country
        if (doc.date) meta.date = doc.date
        const added = await index.addCustomRecord({ url: doc.path, content: `${doc.title}\n${doc.summary}\n${doc.text}`, language: locale, meta })
        if (added.errors.length) throw new Error(`Pagefind could not index ${doc.path}: ${added.errors.join('; ')}`)
        records++
      }
    }
    const written = await index.writeFiles({ outputPath })
    if (written.errors.length) throw new Error(`Pagefind could not write its files: ${written.errors.join('; ')}`)
  } finally {
    await pagefind.close()
  }
  // Pagefind's ready-made interfaces are not used: the site's own search reads the index.
  for (const file of readdirSync(outputPath)) if (/^pagefind-(component-ui|modular-ui|ui|highlight)\./.test(file)) rmSync(join(outputPath, file))
  return { records, languages: locales.length }
}
