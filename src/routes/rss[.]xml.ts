import { createFileRoute } from '@tanstack/react-router'
import { siteUrl } from '../config/site.server'
import { feedItems, feedMeta } from '../content/indexing.server'
import { getContent } from '../content/store.server'
import { routePath } from '../i18n/paths'
import { getLocale } from '../paraglide/runtime'
import { rssXml } from '../seo/feed'
import { CACHE_POLICY } from '../config/constants'

/** `/{lang}/rss.xml`: the router sees `/rss.xml`; the locale comes from the URL prefix. */
export const Route = createFileRoute('/rss.xml')({
  server: {
    handlers: {
      GET: () => {
        const locale = getLocale()
        const xml = rssXml({
          siteUrl: siteUrl(),
          ...feedMeta(locale),
          language: locale,
          homePath: routePath('/blog', locale),
          selfPath: `/${locale}/rss.xml`,
          items: feedItems(getContent(), locale),
        })
        return new Response(xml, {
          headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': CACHE_POLICY.feed },
        })
      },
    },
  },
})
