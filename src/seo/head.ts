/** Builds a page's whole head from one description of the page. Pure; see head.test.ts. */
import { changesFeedPath } from '../key-figures/downloads'
import { m } from '../paraglide/messages'
import { SHARE_IMAGE, BRAND } from '../config/constants'
import { languages } from '../i18n/languages'
import type { Alternate } from '../i18n/paths'
import type { Locale } from '../paraglide/runtime'
import { pageTitle } from './title'

export type PageHead = {
  title: string
  description: string
  noindex?: boolean
  /** Everything below is for indexable pages. */
  locale?: Locale
  path?: string
  siteUrl?: string
  alternates?: Alternate[] | null
  image?: { path: string; alt: string }
  ogType?: 'website' | 'article'
  article?: { publishedAt: string; updatedAt?: string | null; keywords: string[]; section?: string }
  jsonLd?: object[]
  /** Pages that print the key figures link the Atom feed of their changes (issue 37). */
  changesFeed?: boolean
}

type Meta = Record<string, string>
type Link = Record<string, string>
type Script = { type: string; children: string }

/** A path URL already spells out: '/'-led segments of unreserved characters, none starting with a dot. */
const plainPath = /^(?:\/[A-Za-z0-9_~%-][A-Za-z0-9._~%-]*)*\/?$/
const origins = new Map<string, string>()

/**
 * `path` on the site's origin. A page's head holds about 25 of these (hreflang, Open Graph, JSON-LD):
 * our own paths are joined to the origin as they are, the rest are resolved by the URL parser,
 * whose result is the same (head.test.ts) at about ten times the cost (decision 023).
 */
export function absolute(siteUrl: string, path: string): string {
  if (!plainPath.test(path)) return new URL(path, `${siteUrl}/`).href
  let origin = origins.get(siteUrl)
  if (origin === undefined) origins.set(siteUrl, (origin = new URL(siteUrl).origin))
  return `${origin}${path}`
}

/** The alternates search engines should see: translated pages only, plus x-default (English). */
export function hreflangLinks(siteUrl: string, alternates: Alternate[]): Link[] {
  const seen = new Set<string>()
  const indexable = alternates.filter((a) => a.translated !== false && !seen.has(a.locale) && seen.add(a.locale))
  const links: Link[] = indexable.map((a) => ({ rel: 'alternate', hrefLang: a.locale, href: absolute(siteUrl, a.path) }))
  const english = indexable.find((a) => a.locale === 'en')
  if (english) links.push({ rel: 'alternate', hrefLang: 'x-default', href: absolute(siteUrl, english.path) })
  return links
}

/** JSON in a script element: `<` is escaped so no text can close the element. */
export function jsonLdScript(data: object): Script {
  return { type: 'application/ld+json', children: JSON.stringify(data).replace(/</g, '\\u003c') }
}

export function buildHead(page: PageHead): { meta: Meta[]; links: Link[]; scripts: Script[] } {
  const title = pageTitle(page.title)
  const meta: Meta[] = [{ title }, { name: 'description', content: page.description }]
  if (page.noindex) meta.push({ name: 'robots', content: 'noindex' })
  // Not-found answers describe no page: no canonical, no alternates, no share data.
  if (!page.siteUrl || !page.path || !page.locale) return { meta, links: [], scripts: [] }
  const { siteUrl, locale } = page
  const url = absolute(siteUrl, page.path)
  const alternates = page.alternates ?? []
  meta.push(
    { property: 'og:site_name', content: BRAND },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:type', content: page.ogType ?? 'website' },
    { property: 'og:locale', content: languages[locale].ogLocale },
    ...alternates
      .filter((a) => a.locale !== locale && a.translated !== false)
      .map((a) => ({ property: 'og:locale:alternate', content: languages[a.locale].ogLocale })),
    // X reads og:title, og:description and og:image where its own tags are absent (its Cards
    // markup reference), so only the card type is said twice.
    { name: 'twitter:card', content: 'summary_large_image' },
  )
  if (page.image) {
    const image = absolute(siteUrl, page.image.path)
    meta.push(
      { property: 'og:image', content: image },
      { property: 'og:image:type', content: 'image/png' },
      { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
      { property: 'og:image:height', content: String(SHARE_IMAGE.height) },
      { property: 'og:image:alt', content: page.image.alt },
    )
  }
  if (page.article) {
    meta.push({ property: 'article:published_time', content: page.article.publishedAt })
    if (page.article.updatedAt) meta.push({ property: 'article:modified_time', content: page.article.updatedAt })
    if (page.article.section) meta.push({ property: 'article:section', content: page.article.section })
    for (const tag of page.article.keywords) meta.push({ property: 'article:tag', content: tag })
  }
  const links: Link[] = [
    { rel: 'canonical', href: url },
    ...hreflangLinks(siteUrl, alternates),
    { rel: 'alternate', type: 'application/rss+xml', title: `${BRAND} (${languages[locale].label})`, href: absolute(siteUrl, `/${locale}/rss.xml`) },
    ...(page.changesFeed
      ? [
          {
            rel: 'alternate',
            type: 'application/atom+xml',
            title: m.kf_changes_feed_title({}, { locale }),
            href: absolute(siteUrl, changesFeedPath(locale)),
          },
        ]
      : []),
  ]
  return { meta, links, scripts: (page.jsonLd ?? []).map(jsonLdScript) }
}
