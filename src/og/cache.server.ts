/** A small in-process LRU of rendered share images, keyed by their normalized parameters. */
import type { OgParams } from './params'

const MAX_ENTRIES = 256
const entries = new Map<string, Promise<Buffer>>()

function cacheKey(p: OgParams) {
  return JSON.stringify([p.type, p.mode, p.locale, p.title, p.country ?? '', p.description ?? ''])
}

/** Returns the cached render or starts one; concurrent requests for one image share the render. */
export function cachedRender(params: OgParams, render: (p: OgParams) => Promise<Buffer>) {
  const key = cacheKey(params)
  const hit = entries.get(key)
  if (hit) {
    entries.delete(key)
    entries.set(key, hit)
    return hit
  }
  const pending = render(params)
  entries.set(key, pending)
  pending.catch(() => entries.delete(key))
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value ?? '')
  return pending
}

export function cacheSize() {
  return entries.size
}
