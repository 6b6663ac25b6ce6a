/**
 * The heading font files each locale needs first, preloaded so headings do not reflow. Text is
 * set in the reader's system font (decision 010); only Source Serif 4 at weight 600 is downloaded.
 */
import serifCyrillic from '@fontsource/source-serif-4/files/source-serif-4-cyrillic-600-normal.woff2?url'
import serifGreek from '@fontsource/source-serif-4/files/source-serif-4-greek-600-normal.woff2?url'
import serifLatin from '@fontsource/source-serif-4/files/source-serif-4-latin-600-normal.woff2?url'
import serifLatinExt from '@fontsource/source-serif-4/files/source-serif-4-latin-ext-600-normal.woff2?url'
import type { Locale } from '../paraglide/runtime'

const latinExtended: Locale[] = ['pl', 'cs', 'hu', 'ro', 'sq']

/** The brand is set in the Latin serif on every page, so that file comes first everywhere. */
export function fontPreloads(locale: Locale): string[] {
  if (locale === 'el') return [serifLatin, serifGreek]
  if (locale === 'bg' || locale === 'uk') return [serifLatin, serifCyrillic]
  if (latinExtended.includes(locale)) return [serifLatin, serifLatinExt]
  return [serifLatin]
}
