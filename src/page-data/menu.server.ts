/** The header menu's list of country guides in a locale, as markup drawn once per content store (issue 38). */
import { countryName, countrySlug } from '../content/countries'
import type { ContentStore } from '../content/load.server'
import { routePath } from '../i18n/paths'
import type { Locale } from '../paraglide/runtime'
import { escapeXml } from '../seo/xml'

const drawn = new WeakMap<ContentStore, Map<Locale, string>>()

/** One `<li>` link per guide, by name in the locale's order. */
export function guideMenuHtml(store: ContentStore, locale: Locale): string {
  let byLocale = drawn.get(store)
  if (!byLocale) drawn.set(store, (byLocale = new Map()))
  let html = byLocale.get(locale)
  if (html === undefined) {
    html = [...store.guides.keys()]
      .map((code) => ({
        name: countryName(code, locale),
        href: routePath('/blog/countries/$country', locale, { country: countrySlug(code, locale) }),
      }))
      .sort((a, b) => a.name.localeCompare(b.name, locale))
      .map(({ name, href }) => `<li><a class="nav-link" href="${escapeXml(href)}">${escapeXml(name)}</a></li>`)
      .join('')
    byLocale.set(locale, html)
  }
  return html
}
