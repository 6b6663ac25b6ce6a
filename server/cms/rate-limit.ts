// Sign-in attempts per key (an address, an account) in a sliding window, in this process's memory:
// enough for the one editorial node (docs/deploy.md), reset by a restart.
export type Limiter = {
  /** Milliseconds to wait before the next attempt, or 0 when one is allowed now. */
  retryAfter(key: string, now?: number): number
  fail(key: string, now?: number): void
  reset(key: string): void
}

export function createLimiter({ max, windowMs }: { max: number; windowMs: number }): Limiter {
  const failures = new Map<string, number[]>()
  const recent = (key: string, now: number) => {
    const kept = (failures.get(key) ?? []).filter((t) => now - t < windowMs)
    if (kept.length) failures.set(key, kept)
    else failures.delete(key)
    return kept
  }
  return {
    retryAfter(key, now = Date.now()) {
      const kept = recent(key, now)
      return kept.length < max ? 0 : kept[kept.length - max] + windowMs - now
    },
    fail(key, now = Date.now()) {
      failures.set(key, [...recent(key, now), now])
      // A flood of distinct keys must not grow memory without end.
      if (failures.size > 10_000) failures.delete(failures.keys().next().value!)
    },
    reset(key) {
      failures.delete(key)
    },
  }
}
