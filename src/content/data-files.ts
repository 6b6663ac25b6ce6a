/**
 * Names of the data route's answers: `list/de/2`, `post/en/<slug>`, … — served at
 * `/api/data/<name>.json`, fetched by the browser (data.ts), saved by the static export. Pure.
 */
import type { Locale } from '../paraglide/runtime'

/** A data file's name from its kind, locale and parameters, each segment encoded. */
export const dataFile = (...segments: string[]) => segments.map(encodeURIComponent).join('/')

export const dataUrl = (file: string) => `/api/data/${file}.json`

/** A list page's data: `list/{locale}/{page}` or `list/{locale}/{page}/{country}`. */
export const listDataFile = (locale: Locale, country: string | null, page: number) =>
  country === null ? dataFile('list', locale, String(page)) : dataFile('list', locale, String(page), country)
