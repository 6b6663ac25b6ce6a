/**
 * The four static pages, one record each: its route, its title and lede (interface texts, in the
 * page's language or the one asked for, as search's index needs) and its share image's type. The
 * key names the folder of its bodies under content/pages/.
 */
import type { CanonicalRoute } from '../i18n/segments'
import type { OgType } from '../og/path'
import { m } from '../paraglide/messages'
import type { Locale } from '../paraglide/runtime'

type Text = (locale?: Locale) => string
type StaticPageRecord = { route: CanonicalRoute; title: Text; description: Text; image: OgType }

export const pageKeys = ['about', 'contact-us', 'partner-with-us', 'privacy'] as const
export type PageKey = (typeof pageKeys)[number]

export const staticPages: Record<PageKey, StaticPageRecord> = {
  about: {
    route: '/about',
    title: (locale) => m.about_title({}, { locale }),
    description: (locale) => m.about_description({}, { locale }),
    image: 'About',
  },
  'contact-us': {
    route: '/contact-us',
    title: (locale) => m.contact_title({}, { locale }),
    description: (locale) => m.contact_description({}, { locale }),
    image: 'Contact',
  },
  'partner-with-us': {
    route: '/partner-with-us',
    title: (locale) => m.partner_title({}, { locale }),
    description: (locale) => m.partner_description({}, { locale }),
    image: 'Generic',
  },
  privacy: {
    route: '/privacy',
    title: (locale) => m.privacy_title({}, { locale }),
    description: (locale) => m.privacy_description({}, { locale }),
    image: 'Generic',
  },
}

export const isPageKey = (value: string): value is PageKey => Object.hasOwn(staticPages, value)
