import { createFileRoute } from '@tanstack/react-router'
import { cacheControl, FRESHNESS } from '../../config/constants'
import { getContent } from '../../content/store.server'
import { toJson } from '../../key-figures/export'

/** `/data/key-figures.json`: the dataset as validated, with its sources and exchange rates (issue 23). */
export const Route = createFileRoute('/data/key-figures.json')({
  server: {
    handlers: {
      GET: () => {
        const { countries, rates } = getContent().keyFigures
        return Response.json(toJson(countries, rates), { headers: { 'Cache-Control': cacheControl(FRESHNESS.country) } })
      },
    },
  },
})
