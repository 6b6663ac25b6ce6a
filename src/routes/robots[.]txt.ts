import { createFileRoute } from '@tanstack/react-router'
import { siteUrl } from '../config/site.server'
import { CACHE_POLICY } from '../config/constants'

export const Route = createFileRoute('/robots.txt')({
  server: {
    handlers: {
      GET: () =>
        new Response(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${siteUrl()}/sitemap.xml\n`, {
          headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE_POLICY.robots },
        }),
    },
  },
})
