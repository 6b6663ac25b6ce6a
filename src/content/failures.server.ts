/**
 * What a reader gets when a page's content cannot be read (issue 35): a page in their language that
 * says so, and nothing of the server. The cause (a file's name and problem) goes to the server's log
 * as one line with the URL; the error the router dehydrates into the page carries only the
 * localized sentence, so no path or message reaches the HTML or the page's data.
 */
import { getRequest } from '@tanstack/react-start/server'
import { m } from '../paraglide/messages'

function requestPath(): string {
  try {
    const url = new URL(getRequest().url)
    return url.pathname
  } catch {
    return '(no request)'
  }
}

/** Runs a server-side page load; a failure is logged once and becomes a reader's error. */
export function safely<A extends unknown[], R>(load: (...args: A) => R): (...args: A) => R {
  return (...args: A): R => {
    try {
      return load(...args)
    } catch (error) {
      const cause = error instanceof Error ? error.message : String(error)
      console.error(JSON.stringify({ time: new Date().toISOString(), level: 'error', event: 'render-failed', path: requestPath(), cause }))
      throw new Error(m.error_unavailable())
    }
  }
}
