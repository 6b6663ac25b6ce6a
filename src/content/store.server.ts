/**
 * The content in memory. Loaded once at start (an invalid file stops the start), reloaded when a
 * file changes; a reload that finds problems keeps serving the last good content and says why.
 */
import { watch, type FSWatcher } from 'node:fs'
import { resolve } from 'node:path'
import { loadContent, type ContentIssue, type ContentStore } from './load.server'
import { isPreview } from './preview.server'
import { liveStore } from './visibility'

export function contentDir() {
  return resolve(process.env.CONTENT_DIR || 'content')
}

export function formatIssues(issues: ContentIssue[]) {
  return issues.map((i) => `  ${i.file}${i.field ? ` [${i.field}]` : ''}: ${i.message}`).join('\n')
}

let current: ContentStore | null = null
const listeners = new Set<() => void>()

/** Every document, drafts and scheduled posts included (previews, the content check). */
function getAllContent(): ContentStore {
  if (current) return current
  const { store, issues } = loadContent(contentDir())
  if (issues.length) throw new Error(`Content in ${contentDir()} is invalid:\n${formatIssues(issues)}`)
  current = store
  return store
}

let live: { source: ContentStore; store: ContentStore; nextChange: number | null } | null = null
let timer: ReturnType<typeof setTimeout> | undefined

/**
 * The content as this request may see it: what is live now for readers, everything in a preview.
 * When a scheduled post's time comes, the live view is rebuilt and the change listeners (the page
 * cache) are told, so it appears without a restart (decision 013).
 */
export function getContent(): ContentStore {
  const all = getAllContent()
  if (isPreview()) return all
  const now = Date.now()
  if (!live || live.source !== all || (live.nextChange !== null && now >= live.nextChange)) {
    live = { source: all, ...liveStore(all, now) }
    schedule(live.nextChange, now)
  }
  return live.store
}

/** Milliseconds until the live view next changes, or null: no cached answer should outlive it. */
export function msUntilNextPublication(now = Date.now()) {
  getContent()
  return live?.nextChange == null ? null : Math.max(0, live.nextChange - now)
}

function schedule(at: number | null, now: number) {
  clearTimeout(timer)
  if (at === null) return
  // setTimeout holds at most about 24.8 days; a later post is rescheduled when the timer fires.
  timer = setTimeout(
    () => {
      live = null
      getContent()
      for (const listener of listeners) listener()
    },
    Math.min(at - now + 20, 2 ** 31 - 1),
  )
  timer.unref()
}

export function onContentChange(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function reloadContent(): { ok: boolean; issues: ContentIssue[] } {
  const { store, issues } = loadContent(contentDir())
  if (issues.length) {
    console.error(`Content change rejected, still serving the last good content:\n${formatIssues(issues)}`)
    return { ok: false, issues }
  }
  current = store
  live = null
  for (const listener of listeners) listener()
  return { ok: true, issues }
}

let watcher: FSWatcher | null = null

export function watchContent() {
  if (watcher) return
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    watcher = watch(contentDir(), { recursive: true }, () => {
      clearTimeout(timer)
      timer = setTimeout(reloadContent, 150)
    })
    watcher.unref()
  } catch (error) {
    console.warn('Content changes will not be picked up without a restart:', error)
  }
}
