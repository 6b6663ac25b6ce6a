/** Builds throwaway content directories for tests, one scenario each. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { Alternate } from '../i18n/paths'
import type { View } from './types'

export function contentFixture(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'estate-atlas-content-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

export function post(fields: Record<string, string | string[]> = {}, body = 'A short paragraph about buying.\n\n## Costs\n\nTaxes apply.') {
  const base: Record<string, string | string[]> = {
    title: 'Buying in Spain',
    slug: 'buying-in-spain',
    meta: 'What it costs to buy a home in Spain.',
    summary: 'The steps and costs.',
    metaKeywords: ['spain'],
    country: 'ES',
    publishedAt: '2026-02-10',
    author: 'Estate Atlas Editors',
    ...fields,
  }
  const yaml = Object.entries(base)
    .filter(([, v]) => v !== '')
    .map(([k, v]) =>
      Array.isArray(v) ? `${k}: [${v.map((x) => JSON.stringify(x)).join(', ')}]` : k.endsWith('At') ? `${k}: ${v}` : `${k}: ${JSON.stringify(v)}`,
    )
    .join('\n')
  return `---\n${yaml}\n---\n${body}\n`
}

export const guide = (
  description = 'Buying, taxes and renting out property in Spain, for foreign investors.',
  body = '## Market overview\n\nSteady.',
) => `---\ndescription: ${JSON.stringify(description)}\nupdatedAt: 2026-11-01\n---\n${body}\n`

/** A view that must be found: its page and alternates, or the test fails naming what it got. */
export function found<T>(view: View<T>): T & { alternates: Alternate[] } {
  if (view.kind !== 'found') throw new Error(`expected a page, got ${view.kind}`)
  return { ...view.data, alternates: view.alternates }
}
