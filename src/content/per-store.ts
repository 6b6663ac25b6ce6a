/**
 * Values derived from a content store (an archive index, sitemap files, a search index), built once
 * per store and key and dropped with the store: a reload or a publication gives a new store, hence
 * new values, with nothing to invalidate by hand.
 */
import type { ContentStore } from './load.server'

export type PerStore<K, V> = {
  (store: ContentStore, key: K): V
  /** Drops a value, so the next call builds it again (a build that failed). */
  forget(store: ContentStore, key: K): void
}

/** `build` must not return undefined (it would be built again each time). */
export function perStore<K, V extends NonNullable<unknown>>(build: (store: ContentStore, key: K) => V): PerStore<K, V> {
  const built = new WeakMap<ContentStore, Map<K, V>>()
  const get = (store: ContentStore, key: K): V => {
    let byKey = built.get(store)
    if (!byKey) built.set(store, (byKey = new Map()))
    let value = byKey.get(key)
    if (value === undefined) byKey.set(key, (value = build(store, key)))
    return value
  }
  return Object.assign(get, { forget: (store: ContentStore, key: K) => void built.get(store)?.delete(key) })
}
