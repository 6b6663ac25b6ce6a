import { BRAND } from '../config/constants'

/** 'Estate Atlas | {title}'; the brand alone is never prefixed with itself. */
export function pageTitle(title: string) {
  const trimmed = title.trim()
  if (!trimmed || trimmed === BRAND) return BRAND
  return `${BRAND} | ${trimmed}`
}
