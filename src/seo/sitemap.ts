/** Sitemap XML: an index with one file per locale, each URL with its hreflang alternates. Pure. */
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

export function urlsetXml(siteUrl: string, entries: SitemapEntry[]) {
  const body = entries
    .map((e) => {
      const links = hreflangLinks(siteUrl, e.alternates)
        .map((l) => `    <xhtml:link rel="alternate" hreflang="${escapeXml(l.hrefLang)}" href="${escapeXml(l.href)}"/>`)
        .join('\n')
      return `  <url>\n    <loc>${escapeXml(absolute(siteUrl, e.path))}</loc>\n    <lastmod>${e.lastmod}</lastmod>\n${links}\n  </url>`
    })
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`
}
