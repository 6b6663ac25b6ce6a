/** Share-image URLs for page heads; kept free of the validation code the server needs. */
import type { Locale } from '../paraglide/runtime'

export const ogTypes = ['Generic', 'Contact', 'About', 'BlogPost'] as const
export type OgType = (typeof ogTypes)[number]

/** Bumped whenever the image template changes, so year-long cached images are refetched. */
const OG_TEMPLATE_VERSION = '1'

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
  if (!staticExport) return `/api/og?${query}`
  // A static host serves files, not queries: the image gets a name derived from its parameters,
  // the same in the server's render and in the browser, and the server remembers what it stands for.
  const file = `/og/${hash(String(query))}.png`
  if (import.meta.env.SSR) staticImages.set(file, String(query))
  return file
}

const staticExport = import.meta.env.VITE_STATIC_EXPORT === '1'

/** Static export only: image file name → its query, filled while pages render on the server. */
export const staticImages = new Map<string, string>()

/** cyrb53: a fast 53-bit string hash, as hex. */
function hash(text: string) {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0')
}
