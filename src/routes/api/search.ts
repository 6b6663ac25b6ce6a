import { createFileRoute } from '@tanstack/react-router'
import { SEARCH } from '../../config/constants'
import { isLocale } from '../../paraglide/runtime'
import { searchAnswer } from '../../search/answer.server'
import { getOnly } from './-answers'

/**
 * The results the header's field shows as the reader types: `/api/search?locale=de&q=steuer&limit=6`.
 * A missing or unknown locale is a 400; any query is answered (cut to its maximum length).
 */
export const Route = createFileRoute('/api/search')({
  server: {
    handlers: {
      ANY: getOnly,
      GET: async ({ request }) => {
        const params = new URL(request.url).searchParams
        const locale = params.get('locale') ?? ''
        if (!isLocale(locale)) return Response.json({ error: 'Bad Request: locale must be one of the site’s languages' }, { status: 400 })
        const limit = Math.min(SEARCH.pageResults, Math.max(1, Number.parseInt(params.get('limit') ?? '', 10) || SEARCH.panelResults))
        return Response.json(await searchAnswer(locale, params.get('q') ?? '', limit), {
          headers: SEARCH.headers,
        })
      },
    },
  },
})
