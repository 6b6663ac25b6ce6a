/**
 * The archive's index: per content store and locale, the posts newest first and by country, built
 * once, so that a list page costs the same at any archive size (issue 15).
 */
import { ARCHIVE } from '../config/constants'
import type { Alternate } from '../i18n/paths'
import { routePath } from '../i18n/paths'
import { locales, type Locale } from '../paraglide/runtime'
import { countryName, countrySlug } from './countries'
import type { ContentStore, PostDoc } from './load.server'
import { pageTarget } from './page-target'
import { perStore } from './per-store'

type LocaleArchive = { all: PostDoc[]; byCountry: Map<string, PostDoc[]>; countries: string[] }

export const archive = perStore((store, locale: Locale): LocaleArchive => {
  const all = store.postsByLocale.get(locale) ?? []
  const byCountry = new Map<string, PostDoc[]>()
  for (const doc of all) {
    if (!doc.country) continue
    const list = byCountry.get(doc.country)
    if (list) list.push(doc)
    else byCountry.set(doc.country, [doc])
  }
  const countries = [...byCountry.keys()].sort((a, b) => countryName(a, locale).localeCompare(countryName(b, locale), locale))
  return { all, byCountry, countries }
})

/** The path of page `page` of the blog index (`country` null) or of a country's posts (its slug in `locale`). */
export function listPath(locale: Locale, country: string | null, page: number): string {
  const target = pageTarget(country, page)
  return routePath(target.to, locale, 'params' in target ? target.params : {})
}

/** How many pages a list of `count` posts has (an empty index still has its first page). */
export const pageCountOf = (count: number) => Math.max(1, Math.ceil(count / ARCHIVE.postsPerPage))

/**
 * Page `page` of a list (`code` null: the index) in every language; where a language has fewer
 * pages, its last page, marked `translated: false` (offered to readers, not claimed as an hreflang twin).
 */
export function listAlternates(store: ContentStore, code: string | null, page: number): Alternate[] {
  return locales.map((l) => {
    const count = code ? (archive(store, l).byCountry.get(code)?.length ?? 0) : archive(store, l).all.length
    const pages = pageCountOf(count)
    const path = listPath(l, code ? countrySlug(code, l) : null, Math.min(page, pages))
    return { locale: l, path, translated: page <= pages && (count > 0 || !code) }
  })
}
