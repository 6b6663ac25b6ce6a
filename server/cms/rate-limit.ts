// Sign-in attempts per key (an address, an account) in a sliding window, in this process's memory:
// enough for the one editorial node (docs/deploy.md), reset by a restart.
//
// An attempt is counted when it starts (`attempt`), before the password is checked, and given back
// (`release`) only when it succeeds: requests sent in parallel each take a slot synchronously, so a
// burst cannot get more password checks than the limit allows (issue 35, finding F2).
export type Limiter = {
  /** Milliseconds to wait before the next attempt, or 0 when one is allowed now. */
  retryAfter(key: string, now?: number): number
  /** Reserves an attempt at `now` when one is allowed and returns 0; otherwise reserves nothing and returns the wait. */
  attempt(key: string, now?: number): number
  /** Gives back the attempt reserved at `at` (it succeeded). */
  release(key: string, at: number): void
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
  const retryAfter = (key: string, now = Date.now()) => {
    const kept = recent(key, now)
    return kept.length < max ? 0 : kept[kept.length - max] + windowMs - now
  }
  const fail = (key: string, now = Date.now()) => {
    failures.set(key, [...recent(key, now), now])
    // A flood of distinct keys must not grow memory without end.
    if (failures.size > 10_000) failures.delete(failures.keys().next().value!)
  }
  return {
    retryAfter,
    attempt(key, now = Date.now()) {
      const wait = retryAfter(key, now)
      if (wait === 0) fail(key, now)
      return wait
    },
    release(key, at) {
      const kept = failures.get(key)
      const index = kept?.lastIndexOf(at) ?? -1
      if (!kept || index < 0) return
      kept.splice(index, 1)
      if (!kept.length) failures.delete(key)
    },
    fail,
    reset(key) {
      failures.delete(key)
    },
  }
}
