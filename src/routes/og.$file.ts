import { createFileRoute } from '@tanstack/react-router'
import { staticImages } from '../og/path'
import { shareImageResponse } from '../og/respond.server'

/** Static export only: `/og/<name>.png` for an image a rendered page named (see og/path.ts). */
export const Route = createFileRoute('/og/$file')({
  server: {
    handlers: {
      GET: ({ params }) => {
        const query = staticImages.get(`/og/${params.file}`)
        if (!query) return Response.json({ error: 'Not Found: no such share image' }, { status: 404 })
        return shareImageResponse(new URLSearchParams(query))
      },
    },
  },
})
