import { env } from '../config/env.server'

/**
 * A bound on share-image renders per worker (issue 35): each costs about 95 ms of CPU, and new
 * titles miss every cache, so without one anyone can keep the CPUs busy. At most `concurrency`
 * renders run, `queue` more wait, and a call beyond that is refused at once (synchronously, before
 * anything starts), so the caller can answer 503; each task starts on a later turn of the event loop. p-limit has no bounded queue, which is the point
 * here; this is small enough to keep.
 */

export class RenderBusyError extends Error {
  constructor() {
    super('too many share images are being drawn')
    this.name = 'RenderBusyError'
  }
}

export type Limits = { concurrency: number; queue: number }

export function createLimiter({ concurrency, queue }: Limits) {
  let active = 0
  const waiting: Array<() => void> = []

  const release = () => {
    const next = waiting.shift()
    // The slot passes straight to the next waiting task; `active` stays as it is.
    if (next) next()
    else active--
  }
  // A render is synchronous CPU work once it runs (satori's layout, resvg). Started on a later turn of
  // the event loop, requests that arrive meanwhile are read first: they take a queue place, get their
  // 503, or are served from the cache, instead of each rendering to the end before the next is read.
  const start = <T>(task: () => T | Promise<T>): Promise<T> => new Promise<void>((resolve) => setImmediate(resolve)).then(task).finally(release)

  return {
    /** Runs `task` now or once a slot is free; throws RenderBusyError when the queue is full. */
    run<T>(task: () => T | Promise<T>): Promise<T> {
      if (active < concurrency) {
        active++
        return start(task)
      }
      if (waiting.length >= queue) throw new RenderBusyError()
      return new Promise<void>((resolve) => waiting.push(resolve)).then(() => start(task))
    },
    get active() {
      return active
    },
    get waiting() {
      return waiting.length
    },
  }
}

export type Limiter = ReturnType<typeof createLimiter>

/** OG_RENDER_CONCURRENCY and OG_RENDER_QUEUE, validated with the rest of the environment (server/config.ts). */
export function renderLimits(): Limits {
  const config = env()
  return { concurrency: config.OG_RENDER_CONCURRENCY, queue: config.OG_RENDER_QUEUE }
}
