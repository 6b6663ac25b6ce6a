/**
 * The head's repeated Open Graph properties: `og:locale:alternate` (one per translation) and
 * `article:tag` (one per keyword). TanStack's head keeps one `<meta>` per `property` (the last one
 * of the deepest route), which suits `og:title` but drops a list to its last item; the head's
 * `<RepeatedMeta>` renders the others from the same head data, beside it in <head> (decision 022).
 */
export type MetaEntry = { property?: string; content?: string } | undefined

/** Every entry of a repeated property but the last, which the router's head renders itself. */
export function repeatedMeta(entries: readonly MetaEntry[]): { property: string; content: string }[] {
  const lastAt = new Map<string, number>()
  entries.forEach((entry, at) => entry?.property && lastAt.set(entry.property, at))
  const extra: { property: string; content: string }[] = []
  entries.forEach((entry, at) => {
    if (entry?.property && entry.content !== undefined && lastAt.get(entry.property) !== at)
      extra.push({ property: entry.property, content: entry.content })
  })
  return extra
}
