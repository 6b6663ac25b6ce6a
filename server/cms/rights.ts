// What an account may write. Checked on the server for every write, whatever the interface offers:
// an editor writes every language and publishes; a translator writes only the languages named on
// the account and never publishes nor unpublishes English (issue 26).
import { isLocale, type Locale } from '../../src/paraglide/runtime.js'
import type { Account } from './accounts.ts'

export type DocumentKind = 'posts' | 'guides' | 'pages'
export type Target = { kind: DocumentKind; key: string; locale: Locale; path: string }

const folders: Record<string, DocumentKind> = { posts: 'posts', countries: 'guides', pages: 'pages' }
export const folderOf: Record<DocumentKind, string> = { posts: 'posts', guides: 'countries', pages: 'pages' }

/** The document a content path (relative to CONTENT_DIR, `/`-separated) is, or null for anything else. */
export function parseTarget(path: string): Target | null {
  const match = /^(posts|countries|pages)\/([a-z0-9][a-z0-9._~-]{0,119})\/([a-z]{2}(?:-[a-z]{2})?)\.md$/.exec(path)
  if (!match || match[2].includes('..')) return null
  const [, folder, key, locale] = match
  if (!isLocale(locale)) return null
  return { kind: folders[folder], key, locale, path }
}

export type Change = {
  target: Target
  /** Whether the document is visible to readers once saved, and was before (null: it did not exist). */
  published: { before: boolean | null; after: boolean | null }
  deletes?: boolean
}

/** Why `account` may not make `change`, or null when it may. */
export function refusal(account: Account, { target, published, deletes }: Change): string | null {
  if (account.role === 'editor') return null
  if (!account.languages.includes(target.locale)) {
    return `Your account may write ${account.languages.join(', ') || 'no language'}; ${target.path} is in ${target.locale}.`
  }
  if (deletes) return 'Only an editor may delete a document.'
  if (target.locale === 'en' && published.after !== published.before && (published.after || published.before)) {
    return 'Only an editor may publish or unpublish English, the source of every translation.'
  }
  return null
}
