/**
 * The content in memory. Loaded once at start (an invalid file stops the start), reloaded when a
 * file changes; a reload that finds problems keeps serving the last good content and says why.
 */
import { watch, type FSWatcher } from 'node:fs'
import { resolve } from 'node:path'
import { loadContent, type ContentIssue, type ContentStore } from './load.server'

export function contentDir() {
  return resolve(process.env.CONTENT_DIR || 'content')
}

export function formatIssues(issues: ContentIssue[]) {
  return issues.map((i) => `  ${i.file}${i.field ? ` [${i.field}]` : ''}: ${i.message}`).join('\n')
}

let current: ContentStore | null = null
const listeners = new Set<() => void>()

export function getContent(): ContentStore {
  if (current) return current
  const { store, issues } = loadContent(contentDir())
  if (issues.length) throw new Error(`Content in ${contentDir()} is invalid:\n${formatIssues(issues)}`)
  current = store
  return store
}

export function onContentChange(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function reloadContent(): { ok: boolean; issues: ContentIssue[] } {
  const { store, issues } = loadContent(contentDir())
  if (issues.length) {
    console.error(`Content change rejected, still serving the last good content:\n${formatIssues(issues)}`)
    return { ok: false, issues }
  }
  current = store
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
