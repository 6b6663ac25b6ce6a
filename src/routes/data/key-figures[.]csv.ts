import { createFileRoute } from '@tanstack/react-router'
import { cacheControl, FRESHNESS } from '../../config/constants'
import { getContent } from '../../content/store.server'
import { exportRows, toCsv } from '../../key-figures/export'

/** `/data/key-figures.csv`: every value of the dataset with its source and month (issue 23). */
export const Route = createFileRoute('/data/key-figures.csv')({
  server: {
    handlers: {
      GET: () =>
        new Response(toCsv(exportRows(getContent().keyFigures.countries)), {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'inline; filename="estate-atlas-key-figures.csv"',
            'Cache-Control': cacheControl(FRESHNESS.country),
          },
        }),
    },
  },
})
