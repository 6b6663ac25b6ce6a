import { createFileRoute } from '@tanstack/react-router'
import { siteUrl } from '../config/site.server'
import { localeSitemaps } from '../content/indexing.server'
import { getContent } from '../content/store.server'
import { isLocale } from '../paraglide/runtime'
import { parseSitemapFileName } from '../seo/sitemap'
import { CACHE_POLICY } from '../config/constants'

export const Route = createFileRoute('/sitemaps/$file')({
  server: {
    handlers: {
      GET: ({ params }) => {
        const name = parseSitemapFileName(params.file)
        const files = name && isLocale(name.locale) ? localeSitemaps(getContent(), siteUrl(), name.locale) : []
        const xml = name ? files[name.n - 1] : undefined
        if (!xml) {
          return new Response('Not Found: sitemaps exist for the 18 locales, such as /sitemaps/en.xml', {
            status: 404,
            headers: { 'Content-Type': 'text/plain; charset=utf-8' },
          })
        }
        return new Response(xml, {
          headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE_POLICY.sitemap },
        })
      },
    },
  },
})
