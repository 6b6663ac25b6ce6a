/**
 * Preview: an editor who visits any page with `?preview=<PREVIEW_TOKEN>` gets a cookie, and from
 * then on sees drafts and scheduled posts. The request's preview state lives here for the render.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { timingSafeEqual } from 'node:crypto'
import { env } from '../config/env.server'

const previewing = new AsyncLocalStorage<boolean>()

export const runPreview = <T>(preview: boolean, render: () => T) => previewing.run(preview, render)
export const isPreview = () => previewing.getStore() === true

/** Whether `candidate` is the configured token; no token configured means no preview. Constant time. */
export function isPreviewToken(candidate: string | null | undefined, token = env().PREVIEW_TOKEN) {
  if (!token || !candidate) return false
  const a = Buffer.from(candidate)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}
