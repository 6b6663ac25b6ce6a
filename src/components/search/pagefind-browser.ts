/**
 * The static export's search: Pagefind's browser library, served from /pagefind/ next to the pages
 * (scripts/build-static.ts writes it). It picks the index of the page's language from <html lang>
 * and downloads only the index chunks of the words searched.
 */
import type { ExcerptPart, SearchAnswer, SearchHit } from '../../search/query'

type PagefindResult = { data: () => Promise<{ url: string; excerpt: string; meta: Record<string, string | undefined> }> }
type Pagefind = {
  options: (options: Record<string, unknown>) => Promise<void>
  search: (query: string) => Promise<{ results: PagefindResult[] }>
}

let loaded: Promise<Pagefind> | null = null

function pagefind() {
  loaded ??= (import(/* @vite-ignore */ `${location.origin}/pagefind/pagefind.js`) as Promise<Pagefind>).then(async (module) => {
    await module.options({ excerptLength: 30 })
    return module
  })
  loaded.catch(() => (loaded = null))
  return loaded
}

const kinds = new Set<SearchHit['kind']>(['post', 'guide', 'page'])

export async function pagefindSearch(query: string, limit: number): Promise<Omit<SearchAnswer, 'shortened'>> {
  const { results } = await (await pagefind()).search(query)
  const hits = await Promise.all(
    results.slice(0, limit).map(async (result): Promise<SearchHit> => {
      const { url, excerpt, meta } = await result.data()
      const kind = meta.kind as SearchHit['kind']
      return {
        kind: kinds.has(kind) ? kind : 'page',
        title: meta.title ?? url,
        path: url,
        country: meta.country || null,
        date: meta.date || null,
        excerpt: excerptParts(excerpt),
      }
    }),
  )
  return { query, total: results.length, hits }
}

/** Pagefind's excerpt is HTML with <mark>: read as a document (nothing runs) and kept as text runs. */
function excerptParts(html: string): ExcerptPart[] {
  const body = new DOMParser().parseFromString(html, 'text/html').body
  return [...body.childNodes].map((node) =>
    node.nodeName === 'MARK' ? { text: node.textContent ?? '', mark: true as const } : { text: node.textContent ?? '' },
  )
}
