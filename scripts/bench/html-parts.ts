// `npm run bench:html`: where a page's HTML bytes go (issue 27), so the next regression is seen
// where it happens: the page's message script, the dehydrated data, the other inline scripts, the
// head's tags, the article's body, class attributes (a part of the markup), and the rest of the markup.
import { gzipSync } from 'node:zlib'
import { round, startSite, table } from './lib'

export type HtmlParts = {
  total: number
  messages: number
  data: number
  otherScripts: number
  head: number
  body: number
  classes: number
  markup: number
}

const bytes = (text: string) => Buffer.byteLength(text)

/** A page's HTML split by part, in bytes; `markup` is what is left (head tags and body elements). */
export function htmlParts(html: string): HtmlParts {
  const scripts = [...html.matchAll(/<script\b[^>]*>[\s\S]*?<\/script>/g)].map((m) => m[0])
  const messages = scripts.filter((s) => s.includes('__paraglide')).reduce((n, s) => n + bytes(s), 0)
  const data = scripts.filter((s) => s.includes('data-tsr-stream-part') || s.includes('$_TSR')).reduce((n, s) => n + bytes(s), 0)
  const allScripts = scripts.reduce((n, s) => n + bytes(s), 0)
  const headMatch = /<head>([\s\S]*?)<\/head>/.exec(html)
  const headWithoutScripts = (headMatch?.[1] ?? '').replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
  const body = [...html.matchAll(/<div data-body=""[^>]*>([\s\S]*?)<\/div>(?=<(?:p|\/div|section|div|aside)\b)/g)].reduce(
    (n, m) => n + bytes(m[1]),
    0,
  )
  const classes = [...html.matchAll(/ class="[^"]*"/g)].reduce((n, m) => n + bytes(m[0]), 0)
  const total = bytes(html)
  return {
    total,
    messages,
    data,
    otherScripts: allScripts - messages - data,
    head: bytes(headWithoutScripts),
    body,
    classes,
    markup: total - allScripts - bytes(headWithoutScripts) - body,
  }
}

const pages = {
  'post (bench)': '/en/blog/buying-property-in-spain-as-a-foreigner',
  'post, el': '/el/blog/agora-akinitou-stin-ispania',
  'blog index': '/en/blog',
  guide: '/en/blog/countries/greece',
  about: '/en/about',
}

const kb = (n: number) => round(n / 1024)

export async function htmlBytes(): Promise<string> {
  const site = await startSite(4431)
  const rows = []
  for (const [page, path] of Object.entries(pages)) {
    const html = await (await fetch(`${site.url}${path}`)).text()
    const parts = htmlParts(html)
    rows.push({
      page,
      'total KB': kb(parts.total),
      'gzip KB': kb(gzipSync(html).length),
      'messages KB': kb(parts.messages),
      'data KB': kb(parts.data),
      'other scripts KB': kb(parts.otherScripts),
      'head tags KB': kb(parts.head),
      'article body KB': kb(parts.body),
      'other markup KB': kb(parts.markup),
      'of it class attrs KB': kb(parts.classes),
    })
  }
  await site.stop()
  const columns = [
    'page',
    'total KB',
    'gzip KB',
    'messages KB',
    'data KB',
    'other scripts KB',
    'head tags KB',
    'article body KB',
    'other markup KB',
    'of it class attrs KB',
  ]
  return `${table(rows, columns)}\n\nKB = 1,024 bytes. Issue 27's bar: the bench post at most 32 KB raw, and no paragraph of its article in the data.`
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await htmlBytes())
