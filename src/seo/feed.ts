/** RSS 2.0 of the posts and Atom of the key figures' changes, for one locale. Pure. */
import { BRAND } from '../config/constants'
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

export type AtomEntry = { id: string; title: string; path: string; updated: string; summary: string }

/** An Atom feed (RFC 4287): its entries newest first; `updated` is the newest entry's day, or `fallbackUpdated`. */
export function atomXml(feed: {
  siteUrl: string
  id: string
  title: string
  subtitle: string
  language: string
  homePath: string
  selfPath: string
  fallbackUpdated: string
  entries: AtomEntry[]
}) {
  const e = escapeXml
  const stamp = (day: string) => (day.length === 10 ? `${day}T00:00:00Z` : day)
  const entries = feed.entries.map((entry) =>
    [
      '  <entry>',
      `    <id>${e(entry.id)}</id>`,
      `    <title>${e(entry.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${e(absolute(feed.siteUrl, entry.path))}"/>`,
      `    <updated>${stamp(entry.updated)}</updated>`,
      `    <summary>${e(entry.summary)}</summary>`,
      '  </entry>',
    ].join('\n'),
  )
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${e(feed.language)}">`,
    `  <id>${e(feed.id)}</id>`,
    `  <title>${e(feed.title)}</title>`,
    `  <subtitle>${e(feed.subtitle)}</subtitle>`,
    `  <updated>${stamp(feed.entries[0]?.updated ?? feed.fallbackUpdated)}</updated>`,
    `  <author><name>${e(BRAND)}</name></author>`,
    `  <link rel="alternate" type="text/html" href="${e(absolute(feed.siteUrl, feed.homePath))}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${e(absolute(feed.siteUrl, feed.selfPath))}"/>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n')
}
