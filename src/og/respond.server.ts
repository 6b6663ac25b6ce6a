/** The share-image answer for a query string: 400 with reasons, 503 when renders are busy, or the cached PNG for a year. */
import { CACHE_POLICY } from '../config/constants'
import { cachedRender } from './cache.server'
import { createLimiter, type Limiter, RenderBusyError, renderLimits } from './limit.server'
import { type OgParams, parseOgParams } from './params'
import { renderShareImage } from './render.server'

const workerLimiter = createLimiter(renderLimits())

type Options = { limiter?: Limiter; render?: (params: OgParams) => Promise<Buffer> }

export async function shareImageResponse(search: URLSearchParams, { limiter = workerLimiter, render = renderShareImage }: Options = {}) {
  const parsed = parseOgParams(search)
  if (!parsed.success) {
    return Response.json(
      { error: 'Invalid share-image parameters', issues: parsed.errors },
      { status: 400, headers: { 'Cache-Control': CACHE_POLICY.never } },
    )
  }
  let png: Buffer
  try {
    // A cached image, or one being drawn for another request, is served without taking a slot.
    png = await cachedRender(parsed.data, (params) => limiter.run(() => render(params)))
  } catch (error) {
    if (!(error instanceof RenderBusyError)) throw error
    return new Response('Service Unavailable: too many share images are being drawn; retry in a second.\n', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_POLICY.never, 'Retry-After': '1' },
    })
  }
  return new Response(new Uint8Array(png), {
    headers: {
      'Content-Type': 'image/png',
      'Content-Length': String(png.length),
      'Cache-Control': CACHE_POLICY.fingerprinted,
    },
  })
}
