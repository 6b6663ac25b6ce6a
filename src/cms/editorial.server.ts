/**
 * What the editorial server (server/cms) needs of the site's own code, through the server build:
 * the content check a save must pass, the translation grid, and each document's public address.
 */
import { relative, resolve } from 'node:path'
import { checkContent } from '../content/check.server'
import { countrySlug } from '../content/countries'
import { loadContent } from '../content/load.server'
import { daysBehind } from '../content/outdated'
import { staticPages } from '../content/static-pages'
import { scheduledFor } from '../content/visibility'
import { routePath } from '../i18n/paths'
import { locales, type Locale } from '../paraglide/runtime'

type CellStatus = 'present' | 'missing' | 'draft' | 'scheduled' | 'outdated'
export type GridCell = { status: CellStatus; daysBehind: number; publicPath: string | null }
export type GridRow = { kind: 'posts' | 'guides' | 'pages'; key: string; title: string; cells: Record<Locale, GridCell> }

type Version = { locale: Locale; updatedAt?: string; publishedAt?: string }

function row(
  kind: GridRow['kind'],
  key: string,
  title: string,
  versions: Map<Locale, Version>,
  status: (doc: Version) => CellStatus | null,
  path: (doc: Version) => string,
): GridRow {
  const english = versions.get('en')
  const cells = Object.fromEntries(
    locales.map((locale): [Locale, GridCell] => {
      const doc = versions.get(locale)
      if (!doc) return [locale, { status: 'missing', daysBehind: 0, publicPath: null }]
      const behind = daysBehind(doc, english)
      return [locale, { status: status(doc) ?? (behind > 0 ? 'outdated' : 'present'), daysBehind: behind, publicPath: path(doc) }]
    }),
  ) as Record<Locale, GridCell>
  return { kind, key, title, cells }
}

/** Every post, guide and page by language, as it is on disk now (drafts and scheduled posts too). */
export function translationGrid(dir: string, now = Date.now()): GridRow[] {
  const { store } = loadContent(dir)
  const rows: GridRow[] = []
  for (const [key, versions] of store.postsByKey) {
    const title = versions.get('en')?.title ?? key
    rows.push(
      row(
        'posts',
        key,
        title,
        versions,
        (doc) => {
          const post = versions.get(doc.locale)
          if (!post) return null
          if (post.draft) return 'draft'
          return scheduledFor(post, now) !== null ? 'scheduled' : null
        },
        (doc) => routePath('/blog/$slug', doc.locale, { slug: versions.get(doc.locale)?.slug ?? key }),
      ),
    )
  }
  for (const [code, versions] of store.guides) {
    rows.push(
      row(
        'guides',
        code.toLowerCase(),
        `Guide: ${code}`,
        versions,
        () => null,
        (doc) => routePath('/blog/countries/$country', doc.locale, { country: countrySlug(code, doc.locale) }),
      ),
    )
  }
  for (const [page, versions] of store.pages) {
    rows.push(
      row(
        'pages',
        page,
        `Page: ${page}`,
        versions,
        () => null,
        (doc) => routePath(staticPages[page].route, doc.locale),
      ),
    )
  }
  return rows
}

/**
 * The problems `content:check` finds in `dir`, each with its file relative to `dir`; the per-file
 * rules only for `written` (the other files passed them when they were written).
 */
export function contentProblems(dir: string, written: string[]): Array<{ file: string; field?: string; message: string }> {
  return checkContent(dir, new Set(written)).issues.map((issue) => ({ ...issue, file: relative(dir, resolve(issue.file)).replaceAll('\\', '/') }))
}
