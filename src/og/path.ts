/** Share-image URLs for page heads; kept free of the validation code the server needs. */
import type { Locale } from '../paraglide/runtime'

export const ogTypes = ['Generic', 'Contact', 'About', 'BlogPost'] as const
export type OgType = (typeof ogTypes)[number]

/** Bumped whenever the image template changes, so year-long cached images are refetched. */
export const OG_TEMPLATE_VERSION = '1'

type ImageParams = {
  title: string
  type: OgType
  locale: Locale
  mode?: 'light' | 'dark'
  country?: string
  description?: string
}

/** The image URL a page puts in its head (path and query; the head makes it absolute). */
export function ogImagePath(params: ImageParams) {
  const query = new URLSearchParams()
  query.set('title', params.title)
  query.set('type', params.type)
  query.set('mode', params.mode ?? 'light')
  query.set('locale', params.locale)
  if (params.country) query.set('country', params.country)
  if (params.description) query.set('description', params.description.slice(0, 400))
  query.set('v', OG_TEMPLATE_VERSION)
  return `/api/og?${query}`
}
