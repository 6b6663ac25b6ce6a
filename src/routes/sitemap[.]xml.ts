import { createFileRoute } from '@tanstack/react-router'
import { siteUrl } from '../config/site.server'
import { sitemapFiles } from '../content/indexing.server'
import { getContent } from '../content/store.server'
import { sitemapIndexXml } from '../seo/sitemap'
import { CACHE_POLICY } from '../config/constants'

export const Route = createFileRoute('/sitemap.xml')({
  server: {
    handlers: {
      GET: () =>
        new Response(sitemapIndexXml(siteUrl(), sitemapFiles(getContent(), siteUrl())), {
          headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': CACHE_POLICY.sitemap },
        }),
    },
  },
})
