// Reads a Chromium performance trace (the JSON that DevTools and Playwright's tracing write) the way
// Lighthouse reads its main thread: top-level tasks of the page's renderer main thread, the first
// contentful paint, and the total blocking time after it (each task's time beyond 50 ms).

/** One trace event; `ts` and `dur` are microseconds. */
export type TraceEvent = {
  name: string
  cat?: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string; frame?: string; data?: { url?: string; documentLoaderURL?: string; isLoadingMainFrame?: boolean } }
}

export type LongTask = { startMs: number; durationMs: number; parts: string }
export type TraceSummary = { fcpMs: number; blockingMs: number; longTasks: LongTask[] }

/** A task longer than this blocks input (Lighthouse and the Long Tasks API use the same figure). */
const LONG_TASK_MS = 50
const taskNames = new Set(['RunTask', 'ThreadControllerImpl::RunTask'])

/** What a task spent its time on: its direct children by name, the largest first, with the scripts they ran. */
function describe(task: TraceEvent, inside: TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0)
  const children: TraceEvent[] = []
  let reach = -1
  // Events sorted by start (longest first at a tie): a direct child is one that starts after the
  // end of the previous direct child.
  for (const event of inside) {
    if (event === task || event.ts < task.ts || event.ts + (event.dur ?? 0) > end || taskNames.has(event.name)) continue
    if (event.ts >= reach) {
      children.push(event)
      reach = event.ts + (event.dur ?? 0)
    }
  }
  const byName = new Map<string, number>()
  const urls = new Set<string>()
  for (const child of children) {
    byName.set(child.name, (byName.get(child.name) ?? 0) + (child.dur ?? 0))
    const url = child.args?.data?.url
    if (url) urls.add(url.replace(/^.*\//, '') || url)
  }
  const parts = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 4)
  const text = parts.map(([name, us]) => `${name} ${Math.round(us / 1000)} ms`).join(', ') || 'no traced work inside'
  return urls.size ? `${text} (${[...urls].slice(0, 3).join(', ')})` : text
}

export function summarizeTrace(events: TraceEvent[]): TraceSummary {
  // The page's first contentful paint, and its frame's navigation before it: one to an http(s)
  // document where the trace names it (a trace also holds about:blank and other tabs' frames).
  const navigationOf = (paint: TraceEvent) => {
    const starts = events.filter((event) => event.name === 'navigationStart' && event.args?.frame === paint.args?.frame && event.ts <= paint.ts)
    return starts.filter((event) => /^https?:/.test(event.args?.data?.documentLoaderURL ?? '')).at(-1) ?? starts.at(-1)
  }
  const paints = events.filter((event) => event.name === 'firstContentfulPaint').sort((a, b) => a.ts - b.ts)
  const fcp = paints.find((paint) => /^https?:/.test(navigationOf(paint)?.args?.data?.documentLoaderURL ?? '')) ?? paints[0]
  if (!fcp) throw new Error('the trace has no first contentful paint')
  const start = navigationOf(fcp)?.ts ?? fcp.ts
  const { pid, tid } = fcp
  const thread = events
    .filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X' && event.ts >= start)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  // Top-level tasks only: a task nested in another (a nested run loop) is part of its parent.
  const tasks: TraceEvent[] = []
  for (const event of thread) {
    if (!taskNames.has(event.name)) continue
    const last = tasks.at(-1)
    if (last && event.ts < last.ts + (last.dur ?? 0)) continue
    tasks.push(event)
  }
  const longTasks: LongTask[] = []
  let blockingMs = 0
  for (const task of tasks) {
    const durationMs = (task.dur ?? 0) / 1000
    if (durationMs <= LONG_TASK_MS) continue
    longTasks.push({ startMs: (task.ts - start) / 1000, durationMs, parts: describe(task, thread) })
    // As Lighthouse: only the part of a task after the first paint counts.
    const after = Math.min(durationMs, (task.ts + (task.dur ?? 0) - fcp.ts) / 1000)
    if (after > LONG_TASK_MS) blockingMs += after - LONG_TASK_MS
  }
  return { fcpMs: (fcp.ts - start) / 1000, blockingMs, longTasks }
}
