import { describe, expect, it } from 'vitest'
import { createLimiter, RenderBusyError, renderLimits } from './limit.server'
import { shareImageResponse } from './respond.server'

/** A promise to settle by hand. */
function deferred<T = void>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

const tick = () => new Promise((r) => setTimeout(r, 0))

describe('render limiter', () => {
  it('runs at most `concurrency` tasks at once, queues `queue` more and refuses the rest at once', async () => {
    const limiter = createLimiter({ concurrency: 2, queue: 1 })
    const gates = [deferred(), deferred(), deferred()]
    let running = 0
    let most = 0
    const task = (gate: { promise: Promise<void> }) => async () => {
      running++
      most = Math.max(most, running)
      await gate.promise
      running--
      return 'done'
    }
    const runs = gates.map((gate) => limiter.run(task(gate)))
    await tick()
    expect([limiter.active, limiter.waiting, running]).toEqual([2, 1, 2])
    // Full: refused synchronously, so a caller can answer 503 without starting anything.
    expect(() => limiter.run(async () => 'never')).toThrow(RenderBusyError)
    gates[0].resolve()
    await tick()
    expect([limiter.active, limiter.waiting, running]).toEqual([2, 0, 2])
    gates[1].resolve()
    gates[2].resolve()
    expect(await Promise.all(runs)).toEqual(['done', 'done', 'done'])
    expect(most).toBe(2)
    expect([limiter.active, limiter.waiting]).toEqual([0, 0])
  })

  it('starts each task on a later turn, so work that arrives meanwhile is counted, refused or served', async () => {
    // A render is synchronous CPU work once it starts (satori's layout, resvg): without a turn of
    // the event loop before it, each request would render to the end before the next one is even
    // read, and no limit would ever be reached.
    const limiter = createLimiter({ concurrency: 2, queue: 8 })
    const busyFor = (ms: number) => () => {
      const until = Date.now() + ms
      while (Date.now() < until);
      return 'png'
    }
    const arrivals = Array.from({ length: 12 }, () =>
      new Promise((r) => setImmediate(r)).then(() => {
        try {
          return limiter.run(busyFor(5))
        } catch (error) {
          return error instanceof RenderBusyError ? 'busy' : 'error'
        }
      }),
    )
    const results = await Promise.all(arrivals)
    expect(results.filter((r) => r === 'busy')).toHaveLength(2)
    expect(results.filter((r) => r === 'png')).toHaveLength(10)
    // And between two renders, other work (a cached image, a page) gets its turn.
    const order: string[] = []
    const a = limiter.run(() => order.push('render 1'))
    const b = limiter.run(() => order.push('render 2'))
    setImmediate(() => order.push('other request'))
    await Promise.all([a, b])
    expect(order.indexOf('other request')).toBeLessThan(order.indexOf('render 2'))
  })

  it('frees the slot of a task that fails, and passes its error on', async () => {
    const limiter = createLimiter({ concurrency: 1, queue: 0 })
    await expect(
      limiter.run(async () => {
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    await expect(
      limiter.run(() => {
        throw new Error('sync boom')
      }),
    ).rejects.toThrow('sync boom')
    expect(await limiter.run(async () => 42)).toBe(42)
    expect(limiter.active).toBe(0)
  })

  it('reads its bounds from the validated environment, with defaults', () => {
    const saved = { c: process.env.OG_RENDER_CONCURRENCY, q: process.env.OG_RENDER_QUEUE }
    const restore = (key: string, value: string | undefined) => (value === undefined ? delete process.env[key] : (process.env[key] = value))
    try {
      delete process.env.OG_RENDER_CONCURRENCY
      delete process.env.OG_RENDER_QUEUE
      expect(renderLimits()).toEqual({ concurrency: 2, queue: 8 })
      process.env.OG_RENDER_CONCURRENCY = '4'
      process.env.OG_RENDER_QUEUE = '0'
      expect(renderLimits()).toEqual({ concurrency: 4, queue: 0 })
      process.env.OG_RENDER_CONCURRENCY = '0'
      expect(() => renderLimits()).toThrow(/OG_RENDER_CONCURRENCY/)
    } finally {
      restore('OG_RENDER_CONCURRENCY', saved.c)
      restore('OG_RENDER_QUEUE', saved.q)
    }
  })
})

describe('share image answers while renders are busy', () => {
  it('answers 503 with Retry-After and no-store beyond the limit, and still serves cached and in-flight images', async () => {
    const limiter = createLimiter({ concurrency: 1, queue: 0 })
    const gate = deferred()
    let renders = 0
    const render = async () => {
      renders++
      await gate.promise
      return Buffer.from('png')
    }
    const quick = async () => Buffer.from('cached png')
    const options = { limiter, render }
    const query = (title: string) => new URLSearchParams({ title, v: '1' })

    // An image rendered before the rush, now in the cache.
    expect((await shareImageResponse(query('Limiter test: cached'), { limiter, render: quick })).status).toBe(200)

    const first = shareImageResponse(query('Limiter test: slow'), options)
    await tick()
    const busy = await shareImageResponse(query('Limiter test: another'), options)
    expect(busy.status).toBe(503)
    expect(busy.headers.get('retry-after')).toBe('1')
    expect(busy.headers.get('cache-control')).toBe('no-store')
    expect(busy.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await busy.text()).toMatch(/^Service Unavailable: /)

    const cached = await shareImageResponse(query('Limiter test: cached'), options)
    expect(cached.status).toBe(200)
    expect(Buffer.from(await cached.arrayBuffer()).toString()).toBe('cached png')

    // The same image as the one being drawn waits for that render instead of taking a slot.
    const same = shareImageResponse(query('Limiter test: slow'), options)
    gate.resolve()
    expect((await first).status).toBe(200)
    expect((await same).status).toBe(200)
    expect(renders).toBe(1)

    // A refused image was not cached as a failure: once a slot is free it renders.
    expect((await shareImageResponse(query('Limiter test: another'), options)).status).toBe(200)
  })
})
