/**
 * Translations that fall behind: English is the source, and a translation whose `updatedAt`
 * (or, without one, its publication date) is earlier than its English source's `updatedAt` is
 * outdated. Pure; its tests are in visibility.test.ts ("translations that fall behind").
 */
import type { Locale } from '../paraglide/runtime'
import type { ContentStore } from './load.server'

const day = 86_400_000
const dateOf = (value: string) => Date.parse(`${value.slice(0, 10)}T00:00:00Z`)

type Dated = { locale: Locale; updatedAt?: string; publishedAt?: string }

/** How many days a translation is behind its English source, or 0 if it is not. */
export function daysBehind(translation: Dated, english: { updatedAt?: string } | undefined) {
  const since = translation.updatedAt ?? translation.publishedAt
  if (translation.locale === 'en' || !english?.updatedAt || !since) return 0
  const own = dateOf(since)
  return Math.max(0, Math.round((dateOf(english.updatedAt) - own) / day))
}

export type OutdatedTranslation = { locale: Locale; file: string; englishFile: string; daysBehind: number }

/** Every outdated translation of the store's posts, guides and pages, by locale, then most behind first. */
export function outdatedTranslations(store: ContentStore): OutdatedTranslation[] {
  const found: OutdatedTranslation[] = []
  const groups: Array<Map<Locale, Dated & { file: string }>> = [...store.postsByKey.values(), ...store.guides.values(), ...store.pages.values()]
  for (const versions of groups) {
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
