/**
 * Sitemap XML: an index, and per locale one or more URL sets (split so that no file passes the
 * protocol's 50,000 URLs or 50 MB), each URL with its hreflang alternates. Pure.
 */
import type { Alternate } from '../i18n/paths'
import { absolute, hreflangLinks } from './head'
import { escapeXml } from './xml'

export type SitemapEntry = { path: string; lastmod: string; alternates: Alternate[] }

export function sitemapIndexXml(siteUrl: string, files: Array<{ path: string; lastmod: string }>) {
  const body = files
    .map((f) => `  <sitemap>\n    <loc>${escapeXml(absolute(siteUrl, f.path))}</loc>\n    <lastmod>${f.lastmod}</lastmod>\n  </sitemap>`)
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`
}

const urlsetOpen =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
const urlsetClose = '\n</urlset>\n'

function urlXml(siteUrl: string, e: SitemapEntry) {
  const links = hreflangLinks(siteUrl, e.alternates)
    .map((l) => `    <xhtml:link rel="alternate" hreflang="${escapeXml(l.hrefLang)}" href="${escapeXml(l.href)}"/>`)
    .join('\n')
  return `  <url>\n    <loc>${escapeXml(absolute(siteUrl, e.path))}</loc>\n    <lastmod>${e.lastmod}</lastmod>\n${links}\n  </url>`
}

export function urlsetXml(siteUrl: string, entries: SitemapEntry[]) {
  return `${urlsetOpen}${entries.map((e) => urlXml(siteUrl, e)).join('\n')}${urlsetClose}`
}

/**
 * A locale's entries cut into URL sets of at most `maxUrls` URLs and `maxBytes` bytes each, in
 * order; always at least one (possibly empty) set.
 */
export function urlsetFiles(siteUrl: string, entries: SitemapEntry[], limits: { maxUrls: number; maxBytes: number }): string[] {
  const files: string[] = []
  let urls: string[] = []
  let bytes = Buffer.byteLength(urlsetOpen + urlsetClose)
  const flush = () => {
    files.push(`${urlsetOpen}${urls.join('\n')}${urlsetClose}`)
    urls = []
    bytes = Buffer.byteLength(urlsetOpen + urlsetClose)
  }
  for (const entry of entries) {
    const xml = urlXml(siteUrl, entry)
    const size = Buffer.byteLength(xml) + 1
    if (urls.length > 0 && (urls.length >= limits.maxUrls || bytes + size > limits.maxBytes)) flush()
    urls.push(xml)
    bytes += size
  }
  if (urls.length > 0 || files.length === 0) flush()
  return files
}

/** The file name of a locale's `n`th URL set (from 1): `en.xml`, then `en-2.xml`, `en-3.xml`. */
export const sitemapFileName = (locale: string, n: number) => (n === 1 ? `${locale}.xml` : `${locale}-${n}.xml`)

/** Reads a URL-set file name back: `el-2.xml` → { locale: 'el', n: 2 }. */
export function parseSitemapFileName(name: string): { locale: string; n: number } | null {
  const match = /^([a-z]{2})(?:-([2-9]|[1-9][0-9]{1,4}))?\.xml$/.exec(name)
  return match ? { locale: match[1], n: match[2] ? Number(match[2]) : 1 } : null
}
