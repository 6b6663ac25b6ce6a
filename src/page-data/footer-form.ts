/**
 * The footer's newsletter form on every page (issue 39), at no cost to a page's script: the server
 * draws its markup in the page's language; the browser reads it back from the page it hydrates
 * (as the header's guides, menu.ts) and only adds the sending in place (enhanceForm).
 */
import { createIsomorphicFn } from '@tanstack/react-start'
import { footerFormMarkup } from '../components/readers/footer-form.server'
import type { Locale } from '../paraglide/runtime'

export const FOOTER_FORM_ID = 'nl-footer-slot'

export const footerForm = createIsomorphicFn()
  .server((locale: Locale): string => footerFormMarkup(locale))
  .client((): string => document.getElementById(FOOTER_FORM_ID)?.innerHTML ?? '')
