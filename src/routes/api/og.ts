import { createFileRoute } from '@tanstack/react-router'
import { shareImageResponse } from '../../og/respond.server'
import { getOnly } from './-answers'

export const Route = createFileRoute('/api/og')({
  server: {
    handlers: {
      ANY: getOnly,
      GET: ({ request }) => shareImageResponse(new URL(request.url).searchParams),
    },
  },
})
