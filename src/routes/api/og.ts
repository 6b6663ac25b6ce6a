import { createFileRoute } from '@tanstack/react-router'
import { shareImageResponse } from '../../og/respond.server'

export const Route = createFileRoute('/api/og')({
  server: {
    handlers: {
      GET: ({ request }) => shareImageResponse(new URL(request.url).searchParams),
    },
  },
})
