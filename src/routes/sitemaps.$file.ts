import { createFileRoute } from '@tanstack/react-router'
import { siteUrl } from '../config/site.server'
import { sitemapEntries } from '../content/indexing.server'
import { getContent } from '../content/store.server'
import { isLocale } from '../paraglide/runtime'
import { urlsetXml } from '../seo/sitemap'

export const Route = createFileRoute('/sitemaps/$file')({
  server: {
    handlers: {
      GET: ({ params }) => {
        const locale = params.file.endsWith('.xml') ? params.file.slice(0, -4) : ''
        if (!isLocale(locale)) {
          return new Response('Not Found: sitemaps exist for the 18 locales, such as /sitemaps/en.xml', {
            status: 404,
            headers: { 'Content-Type': 'text/plain; charset=utf-8' },
          })
        }
        return new Response(urlsetXml(siteUrl(), sitemapEntries(getContent(), locale)), {
          headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300, s-maxage=3600' },
        })
      },
    },
  },
})
