/**
 * The four static pages' titles and ledes: one table for their routes and screens and for search's
 * index. Only messages here (no share-image or router code), so that scripts can read it too.
 */
import type { PageKey } from '../content/page-keys'
import type { OgType } from '../og/path'
import { m } from '../paraglide/messages'
import type { Locale } from '../paraglide/runtime'

type Text = (locale?: Locale) => string
/** A static page's title and lede, in the page's language or the one asked for (search's index). */
export const staticPageTexts: Record<PageKey, { title: Text; description: Text; image: OgType }> = {
  about: { title: (locale) => m.about_title({}, { locale }), description: (locale) => m.about_description({}, { locale }), image: 'About' },
  'contact-us': { title: (locale) => m.contact_title({}, { locale }), description: (locale) => m.contact_description({}, { locale }), image: 'Contact' },
  'partner-with-us': { title: (locale) => m.partner_title({}, { locale }), description: (locale) => m.partner_description({}, { locale }), image: 'Generic' },
  privacy: { title: (locale) => m.privacy_title({}, { locale }), description: (locale) => m.privacy_description({}, { locale }), image: 'Generic' },
}

