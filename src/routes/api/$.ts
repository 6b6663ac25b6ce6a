import { createFileRoute } from '@tanstack/react-router'
import { apiNotFound } from './-answers'

/** Any other path under /api/, by any method: a JSON 404 rather than the router's localized not-found page. */
export const Route = createFileRoute('/api/$')({
  server: { handlers: { ANY: apiNotFound } },
})
