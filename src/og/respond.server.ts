/** The share-image answer for a query string: 400 with reasons, or the cached PNG for a year. */
import { cachedRender } from './cache.server'
import { parseOgParams } from './params'
import { renderShareImage } from './render.server'

export async function shareImageResponse(search: URLSearchParams) {
  const parsed = parseOgParams(search)
  if (!parsed.success) {
    return Response.json(
      { error: 'Invalid share-image parameters', issues: parsed.errors },
      { status: 400, headers: { 'Cache-Control': 'no-store' } },
    )
  }
  const png = await cachedRender(parsed.data, renderShareImage)
  return new Response(new Uint8Array(png), {
    headers: {
      'Content-Type': 'image/png',
      'Content-Length': String(png.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  })
}
