import { createFileRoute } from '@tanstack/react-router'
import { CACHE_POLICY } from '../config/constants'
import { siteUrl } from '../config/site.server'
import { getContent } from '../content/store.server'
import { routePath } from '../i18n/paths'
import { figureChanges } from '../key-figures/changes'
import { m } from '../paraglide/messages'
import { getLocale } from '../paraglide/runtime'
import { changesFeedPath } from '../key-figures/downloads'
import { atomXml } from '../seo/feed'

/** `/{lang}/changes.xml`: every change of the key figures, as an Atom feed in the reader's language (issue 37). */
export const Route = createFileRoute('/changes.xml')({
  server: {
    handlers: {
      GET: () => {
        const locale = getLocale()
        const store = getContent()
        const site = siteUrl()
        const compare = routePath('/blog/countries/compare', locale)
        const xml = atomXml({
          siteUrl: site,
          id: `${site}${changesFeedPath(locale)}`,
          title: m.kf_changes_feed_title({}, { locale }),
          subtitle: m.kf_changes_feed_subtitle({}, { locale }),
          language: locale,
          homePath: `${compare}#kf-changes`,
          selfPath: changesFeedPath(locale),
          fallbackUpdated: store.lastModified,
          entries: figureChanges(store, locale).map((change) => ({
            id: `${site}${changesFeedPath(locale)}#${change.code}-${change.key}-${change.date}`,
            title: change.text,
            path: `${change.path}#kf-changes`,
            updated: change.date,
            summary: `${change.text}. ${change.source.publisher}: ${change.source.title} (${change.source.url})`,
          })),
        })
        return new Response(xml, {
          headers: { 'Content-Type': 'application/atom+xml; charset=utf-8', 'Cache-Control': CACHE_POLICY.feed },
        })
      },
    },
  },
})
