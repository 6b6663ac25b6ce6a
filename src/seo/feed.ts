/** RSS 2.0 for one locale. Pure. */
import { absolute } from './head'
import { escapeXml } from './xml'

export type FeedItem = { title: string; path: string; description: string; publishedAt: string; category?: string }

const rfc822 = (isoDate: string) => new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate).toUTCString()

export function rssXml(feed: {
  siteUrl: string
  title: string
  description: string
  language: string
  homePath: string
  selfPath: string
  items: FeedItem[]
}) {
  const e = escapeXml
  const items = feed.items
    .map((item) => {
      const url = absolute(feed.siteUrl, item.path)
      return [
        '    <item>',
        `      <title>${e(item.title)}</title>`,
        `      <link>${e(url)}</link>`,
        `      <guid isPermaLink="true">${e(url)}</guid>`,
        `      <description>${e(item.description)}</description>`,
        `      <pubDate>${rfc822(item.publishedAt)}</pubDate>`,
        ...(item.category ? [`      <category>${e(item.category)}</category>`] : []),
        '    </item>',
      ].join('\n')
    })
    .join('\n')
  const newest = feed.items[0]?.publishedAt
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${e(feed.title)}</title>`,
    `    <link>${e(absolute(feed.siteUrl, feed.homePath))}</link>`,
    `    <description>${e(feed.description)}</description>`,
    `    <language>${e(feed.language)}</language>`,
    `    <atom:link href="${e(absolute(feed.siteUrl, feed.selfPath))}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${rfc822(newest)}</lastBuildDate>`] : []),
    items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}
