import { describe, expect, it } from 'vitest'
import { summarizeTrace, type TraceEvent } from './trace-summary'

const page = { pid: 7, tid: 1 }
const ms = 1000
const navigation = (ts: number, frame: string, url: string): TraceEvent => ({
  name: 'navigationStart',
  ph: 'R',
  ts,
  ...page,
  args: { frame, data: { documentLoaderURL: url, isLoadingMainFrame: true } },
})
const paint = (ts: number, frame: string): TraceEvent => ({ name: 'firstContentfulPaint', ph: 'R', ts, ...page, args: { frame } })
const task = (ts: number, dur: number, tid = page.tid): TraceEvent => ({ name: 'RunTask', ph: 'X', ts, dur, pid: page.pid, tid })
const work = (name: string, ts: number, dur: number, url?: string): TraceEvent => ({
  name,
  ph: 'X',
  ts,
  dur,
  ...page,
  args: url ? { data: { url } } : {},
})

describe('a trace read as Lighthouse reads its main thread', () => {
  it('counts the part of each task beyond 50 ms after the first paint, from the page navigation', () => {
    const events = [
      navigation(0, 'blank', ''),
      navigation(1000 * ms, 'F', 'http://127.0.0.1/en/blog'),
      paint(1300 * ms, 'F'),
      // Before the paint: a long layout that is listed but not counted.
      task(1100 * ms, 150 * ms),
      work('Layout', 1100 * ms, 140 * ms),
      // Straddling the paint: only its 120 ms after it count (70 ms of blocking).
      task(1250 * ms, 170 * ms),
      // After it: 120 ms of script (70 ms), with its nested work named.
      task(1500 * ms, 120 * ms),
      work('v8.evaluateModule', 1500 * ms, 100 * ms, 'http://127.0.0.1/assets/index-abc.js'),
      work('FunctionCall', 1510 * ms, 50 * ms),
      work('RunMicrotasks', 1600 * ms, 15 * ms),
      // Short tasks, another thread's long task and a nested task do not count.
      task(1700 * ms, 49 * ms),
      task(1800 * ms, 300 * ms, 2),
      task(1505 * ms, 60 * ms),
    ]
    const summary = summarizeTrace(events)
    expect(summary.fcpMs).toBe(300)
    expect(summary.blockingMs).toBe(140)
    expect(summary.longTasks.map((t) => [t.startMs, t.durationMs])).toEqual([
      [100, 150],
      [250, 170],
      [500, 120],
    ])
    expect(summary.longTasks[2].parts).toBe('v8.evaluateModule 100 ms, RunMicrotasks 15 ms (index-abc.js)')
  })

  it('says so when the trace has no first paint', () => {
    expect(() => summarizeTrace([navigation(0, 'F', 'http://127.0.0.1/')])).toThrow(/no first contentful paint/)
  })
})
