import { createFileRoute } from '@tanstack/react-router'
import { cachedRender } from '../../og/cache.server'
import { parseOgParams } from '../../og/params'
import { renderShareImage } from '../../og/render.server'

export const Route = createFileRoute('/api/og')({
  server: {
    handlers: {
      GET: async ({ request }) => {
        const parsed = parseOgParams(new URL(request.url).searchParams)
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
      },
    },
  },
})
