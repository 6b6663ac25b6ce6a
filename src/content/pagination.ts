/** Page arithmetic of the archive's lists. Pure; see pagination.test.ts. */

/** A page parameter as a URL spells it: digits without a leading zero, or nothing for page 1. */
export function parsePageParam(value: string | undefined): number | null {
  if (value === undefined) return 1
  if (!/^[1-9][0-9]{0,5}$/.test(value)) return null
  return Number(value)
}

export type PageSlice = { page: number; pageCount: number; start: number; end: number }

/** Which items page `page` shows; null for a page past the last (page 1 always exists). */
export function pageSlice(total: number, page: number, perPage: number): PageSlice | null {
  const pageCount = Math.max(1, Math.ceil(total / perPage))
  if (!Number.isInteger(page) || page < 1 || page > pageCount) return null
  const start = (page - 1) * perPage
  return { page, pageCount, start, end: Math.min(total, start + perPage) }
}

/**
 * The page numbers a pagination bar links: the first, the last, and two either side of the
 * current one; `null` marks a gap. 1 … 4 5 [6] 7 8 … 20.
 */
export function pageNumbers(current: number, pageCount: number): Array<number | null> {
  const shown = new Set([1, pageCount])
  for (let n = current - 2; n <= current + 2; n++) if (n >= 1 && n <= pageCount) shown.add(n)
  const sorted = [...shown].sort((a, b) => a - b)
  const out: Array<number | null> = []
  sorted.forEach((n, i) => {
    const previous = sorted[i - 1]
    if (previous !== undefined && n - previous === 2) out.push(previous + 1)
    else if (previous !== undefined && n - previous > 2) out.push(null)
    out.push(n)
  })
  return out
}
