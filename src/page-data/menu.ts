/**
 * The country guides in the header's menu, on every page (issue 38). The list is markup the server
 * draws from the content; the browser reads it back from the page it hydrates instead of carrying
 * the names in its script. Language changes load a new page, so the list read once stays right.
 */
import { createIsomorphicFn } from '@tanstack/react-start'
import { getContent } from '../content/store.server'
import type { Locale } from '../paraglide/runtime'
import { guideMenuHtml } from './menu.server'

export const GUIDES_MENU_ID = 'menu-guides'

export const menuGuides = createIsomorphicFn()
  .server((locale: Locale): string => guideMenuHtml(getContent(), locale))
  .client((): string => document.getElementById(GUIDES_MENU_ID)?.innerHTML ?? '')
