/**
 * The content in memory. Loaded once at start (an invalid file stops the start), reloaded when a
 * file changes; a reload that finds problems keeps serving the last good content, bodies included,
 * and says why (issue 35).
 *
 * Two roles. The process that watches the content folder (the only process, or a cluster's
 * primary) validates every change and keeps the last good files in a snapshot folder
 * (snapshot.server.ts); its store reads bodies from there. A cluster's workers are given that
 * folder (`CONTENT_SNAPSHOT_DIR`) and load from it: they never read a file the primary has not
 * accepted, and reload when the primary says the snapshot changed.
 */
import { watch, type FSWatcher } from 'node:fs'
import { resolve } from 'node:path'
import { loadContent, type ContentIssue, type ContentStore } from './load.server'
import { isPreview } from './preview.server'
import { createSnapshot, type Snapshot } from './snapshot.server'
import { liveStore } from './visibility'
import { env } from '../config/env.server'

export function contentDir() {
  return resolve(env().CONTENT_DIR ?? 'content')
}

export function formatIssues(issues: ContentIssue[]) {
  return issues.map((i) => `  ${i.file}${i.field ? ` [${i.field}]` : ''}: ${i.message}`).join('\n')
}

let current: ContentStore | null = null
const listeners = new Set<() => void>()
/** The snapshot this process writes (when it watches the content), made at the first load. */
let snapshot: Snapshot | null = null
/** The snapshot this process follows (a cluster's worker), or null. */
const followed = () => env().CONTENT_SNAPSHOT_DIR ?? null

/** Loads the content as this process's role does; `issues` non-empty means nothing was changed. */
function load(): { store: ContentStore | null; issues: ContentIssue[] } {
  const following = followed()
  if (following) {
    const { store, issues, warnings } = loadContent(following, { namesFrom: contentDir() })
    report(warnings)
    return { store: issues.length ? null : store, issues }
  }
  if (!snapshot) {
    snapshot = createSnapshot()
    const made = snapshot
    process.once('exit', () => made.remove())
  }
  const staging = snapshot.stage()
  const { store, issues, warnings } = loadContent(contentDir(), { bodiesFrom: snapshot.dir, onRead: staging.onRead })
  report(warnings)
  if (issues.length) return { store: null, issues }
  snapshot.commit(staging)
  return { store, issues }
}

const reported = new Set<string>()
/** Warnings are logged once each (a reload finds the same again). */
function report(warnings: ContentIssue[]) {
  const fresh = warnings.filter((warning) => !reported.has(`${warning.file}\0${warning.message}`))
  for (const warning of fresh) reported.add(`${warning.file}\0${warning.message}`)
  if (fresh.length) console.warn(`Content warnings:\n${formatIssues(fresh)}`)
}

/** Every document, drafts and scheduled posts included (previews, the content check). */
function getAllContent(): ContentStore {
  if (current) return current
  const { store, issues } = load()
  if (!store) throw new Error(`Content in ${contentDir()} is invalid:\n${formatIssues(issues)}`)
  current = store
  return store
}

/** The folder a cluster's workers load from: the snapshot this process writes (after the first load). */
export function snapshotDir(): string | null {
  return snapshot?.dir ?? null
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

/**
 * Loads the content again. A problem, including a file that cannot be read at all, is reported
 * and the last good content stays; nothing here throws (issue 35: a read error in the watcher's
 * reload used to stop every worker at once).
 */
export function reloadContent(): { ok: boolean; issues: ContentIssue[] } {
  let result: ReturnType<typeof load>
  try {
    result = load()
  } catch (error) {
    const issues = [{ file: contentDir(), message: `the content could not be loaded (${error instanceof Error ? error.message : String(error)})` }]
    result = { store: null, issues }
  }
  if (!result.store) {
    console.error(`Content change rejected, still serving the last good content:\n${formatIssues(result.issues)}`)
    for (const listener of rejectedListeners) listener()
    return { ok: false, issues: result.issues }
  }
  current = result.store
  live = null
  for (const listener of listeners) listener()
  for (const listener of acceptedListeners) listener()
  return { ok: true, issues: [] }
}

const acceptedListeners = new Set<() => void>()
const rejectedListeners = new Set<() => void>()
/** A watched change was accepted (the primary then tells its workers) or rejected (metrics). */
export function onReload(events: { accepted?: () => void; rejected?: () => void }) {
  if (events.accepted) acceptedListeners.add(events.accepted)
  if (events.rejected) rejectedListeners.add(events.rejected)
}

let watcher: FSWatcher | null = null

/** Follows the content folder (the process that writes the snapshot; a worker is told instead). */
export function watchContent() {
  if (watcher || followed()) return
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    watcher = watch(contentDir(), { recursive: true }, () => {
      clearTimeout(timer)
      timer = setTimeout(reloadContent, 150)
    })
    watcher.on('error', (error) => console.warn('Content watcher stopped; changes need a restart:', error.message))
    watcher.unref()
  } catch (error) {
    console.warn('Content changes will not be picked up without a restart:', error)
  }
}
