/**
 * Translations that fall behind: English is the source, and a translation whose `updatedAt`
 * (or, without one, its publication date) is earlier than its English source's `updatedAt` is
 * outdated. Pure; see outdated.test.ts.
 */
import type { Locale } from '../paraglide/runtime'
import type { ContentStore, PostDoc } from './load.server'

const day = 86_400_000
const dateOf = (value: string) => Date.parse(`${value.slice(0, 10)}T00:00:00Z`)

/** How many days a translation is behind its English source, or 0 if it is not. */
export function daysBehind(translation: Pick<PostDoc, 'locale' | 'updatedAt' | 'publishedAt'>, english: Pick<PostDoc, 'updatedAt'> | undefined) {
  if (translation.locale === 'en' || !english?.updatedAt) return 0
  const own = dateOf(translation.updatedAt ?? translation.publishedAt)
  return Math.max(0, Math.round((dateOf(english.updatedAt) - own) / day))
}

export type OutdatedTranslation = { locale: Locale; file: string; englishFile: string; daysBehind: number }

/** Every outdated translation of the store's posts, by locale, then most behind first. */
export function outdatedTranslations(store: ContentStore): OutdatedTranslation[] {
  const found: OutdatedTranslation[] = []
  for (const versions of store.postsByKey.values()) {
    const english = versions.get('en')
    for (const doc of versions.values()) {
      const behind = daysBehind(doc, english)
      if (behind > 0 && english) found.push({ locale: doc.locale, file: doc.file, englishFile: english.file, daysBehind: behind })
    }
  }
  return found.sort((a, b) => a.locale.localeCompare(b.locale) || b.daysBehind - a.daysBehind || a.file.localeCompare(b.file))
}

export function formatOutdated(list: OutdatedTranslation[]) {
  if (!list.length) return 'Translations: none is behind its English source.'
  const lines = list.map((o) => `  ${o.locale}  ${o.file}: ${o.daysBehind} day${o.daysBehind === 1 ? '' : 's'} behind ${o.englishFile}`)
  return `Translations behind their English source (warnings; update the text and its updatedAt):\n${lines.join('\n')}`
}
