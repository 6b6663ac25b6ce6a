/**
 * Locale resolution in the spec's order: URL prefix, cookie, Accept-Language, base locale.
 * Pure, so the server entry and tests share it. Invalid values from a source are skipped, never thrown.
 */
import { baseLocale, isLocale, locales, type Locale } from '../paraglide/runtime'

export type Strategy = 'url' | 'cookie' | 'preferredLanguage' | 'baseLocale'
const strategyOrder: readonly Strategy[] = ['url', 'cookie', 'preferredLanguage', 'baseLocale']

export type LocaleSources = {
  pathname?: string
  /** The value of the locale cookie (COOKIES.locale), however the caller read it. */
  localeCookie?: string | null
  acceptLanguage?: string | null
}

/** Throws exactly the spec's message for anything that is not one of the 18 locales. */
export function assertIsLocale(input: unknown): Locale {
  if (isLocale(input)) return input
  throw new Error(`Invalid locale: ${String(input)}. Expected one of: ${locales.join(', ')}`)
}

export function localeFromPath(pathname: string): Locale | undefined {
  const first = pathname.split('/')[1]
  return isLocale(first) ? first : undefined
}

export function localeFromCookie(value: string | null | undefined): Locale | undefined {
  return value && isLocale(value) ? value : undefined
}

/** Languages some browsers send for our locales under another code. */
const aliases: Record<string, Locale> = { nb: 'no', nn: 'no' }

export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header || header.length > 2000) return undefined
  const ranked = header
    .split(',')
    .map((entry, index) => {
      const [tag, ...params] = entry.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const weight = q ? Number(q.slice(2)) : 1
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index }
    })
    .filter((e) => e.tag && e.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0]
    const locale = isLocale(primary) ? primary : aliases[primary]
    if (locale) return locale
  }
  return undefined
}

export function resolveLocale(sources: LocaleSources, strategies: readonly Strategy[] = strategyOrder): Locale {
  for (const strategy of strategies) {
    const found =
      strategy === 'url'
        ? sources.pathname === undefined
          ? undefined
          : localeFromPath(sources.pathname)
        : strategy === 'cookie'
          ? localeFromCookie(sources.localeCookie)
          : strategy === 'preferredLanguage'
            ? localeFromAcceptLanguage(sources.acceptLanguage)
            : baseLocale
    if (found) return found
  }
  throw new Error('No locale found')
}
