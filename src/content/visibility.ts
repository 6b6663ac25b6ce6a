/**
 * What readers may see: a post is live unless it is a draft or its `publishedAt` is still to come.
 * Pure; see visibility.test.ts. The content store keeps every document; readers get the live view,
 * an editor with the preview cookie the whole store.
 */
import { datasetAt } from '../key-figures/temporal'
import { locales } from '../paraglide/runtime'
import type { ContentStore, PostDoc } from './load.server'
import { publishInstant } from './schema'

const isLive = (doc: PostDoc, now: number) => !doc.draft && publishInstant(doc.publishedAt) <= now

/** When a post that is not a draft goes live, or null if it is live or a draft. */
export const scheduledFor = (doc: PostDoc, now: number) =>
  !doc.draft && publishInstant(doc.publishedAt) > now ? publishInstant(doc.publishedAt) : null

/**
 * The store as readers see it at `now`, and when that view next changes (the earliest scheduled
 * post, or the day a temporary key figure gives way to its successor), or null. A store with
 * nothing hidden and no temporary figure ended is returned as it is.
 */
export function liveStore(store: ContentStore, now: number): { store: ContentStore; nextChange: number | null } {
  const figures = datasetAt(store.keyFigures, now)
  const posts = livePosts(figures.dataset === store.keyFigures ? store : { ...store, keyFigures: figures.dataset }, now)
  const next = [posts.nextChange, figures.nextChange].filter((t): t is number => t !== null)
  return { store: posts.store, nextChange: next.length ? Math.min(...next) : null }
}

function livePosts(store: ContentStore, now: number): { store: ContentStore; nextChange: number | null } {
  let nextChange: number | null = null
  let hidden = false
  for (const versions of store.postsByKey.values()) {
    for (const doc of versions.values()) {
      if (isLive(doc, now)) continue
      hidden = true
      const at = scheduledFor(doc, now)
      if (at !== null && (nextChange === null || at < nextChange)) nextChange = at
    }
  }
  if (!hidden) return { store, nextChange }
  const postsByKey: ContentStore['postsByKey'] = new Map()
  for (const [key, versions] of store.postsByKey) {
    const live = new Map([...versions].filter(([, doc]) => isLive(doc, now)))
    if (live.size) postsByKey.set(key, live)
  }
  const postsByLocale: ContentStore['postsByLocale'] = new Map(
    locales.map((l) => [l, (store.postsByLocale.get(l) ?? []).filter((doc) => isLive(doc, now))]),
  )
  const previousSlugs: ContentStore['previousSlugs'] = new Map(
    [...store.previousSlugs].map(([l, slugs]) => [l, new Map([...slugs].filter(([, doc]) => isLive(doc, now)))]),
  )
  return { store: { ...store, postsByKey, postsByLocale, previousSlugs }, nextChange }
}
