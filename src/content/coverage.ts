/** The editor's view of the content: per locale, what exists, what is missing, what falls back. */
import { locales, type Locale } from '../paraglide/runtime'
import type { ContentStore } from './load.server'
import { pageKeys } from './schema'

export type CoverageRow = {
  locale: Locale
  posts: number
  postWords: number
  missingPosts: string[]
  guides: number
  fallbackGuides: string[]
  pages: number
  missingPages: string[]
}

export function coverage(store: ContentStore): CoverageRow[] {
  const postKeys = [...store.postsByKey.keys()]
  return locales.map((locale) => {
    const posts = store.postsByLocale.get(locale) ?? []
    const guides = [...store.guides.entries()]
    return {
      locale,
      posts: posts.length,
      postWords: posts.reduce((sum, p) => sum + p.words, 0),
      missingPosts: postKeys.filter((key) => !store.postsByKey.get(key)?.has(locale)),
      guides: guides.filter(([, versions]) => versions.has(locale)).length,
      fallbackGuides: guides.filter(([, versions]) => !versions.get(locale)?.body).map(([code]) => code),
      pages: pageKeys.filter((p) => store.pages.get(p)?.has(locale)).length,
      missingPages: pageKeys.filter((p) => !store.pages.get(p)?.has(locale)),
    }
  })
}

export function formatCoverage(rows: CoverageRow[]) {
  const header = ['locale', 'posts', 'words', 'guides', 'guide bodies', 'pages', 'missing']
  const lines = rows.map((r) => [
    r.locale,
    String(r.posts),
    String(r.postWords),
    String(r.guides),
    String(r.guides - r.fallbackGuides.length),
    String(r.pages),
    [r.missingPosts.length ? `${r.missingPosts.length} post(s)` : '', ...r.missingPages.map((p) => `page ${p}`)].filter(Boolean).join(', ') || '-',
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)))
  const fmt = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join('  ')
  const details = rows.filter((r) => r.missingPosts.length).map((r) => `  ${r.locale}: ${r.missingPosts.join(', ')}`)
  return [
    fmt(header),
    fmt(widths.map((w) => '-'.repeat(w))),
    ...lines.map(fmt),
    ...(details.length ? ['', 'Posts without a translation:', ...details] : []),
  ].join('\n')
}
