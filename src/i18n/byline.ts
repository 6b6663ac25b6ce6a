import { EDITORS } from '../config/constants'
import { m } from '../paraglide/messages'
import type { Locale } from '../paraglide/runtime'

/**
 * A post's byline in the page's language. The editorial team is named by a phrase of its own in
 * each language ("Von der Redaktion von Estate Atlas"), not by its English name after "Von"; any
 * other author's name is printed as written.
 */
export function byline(author: string, locale?: Locale): string {
  const options = locale ? { locale } : undefined
  return author === EDITORS ? m.post_by_editors({}, options) : m.post_by({ author }, options)
}
