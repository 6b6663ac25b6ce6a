/** The font files each locale needs first, preloaded so headings and text do not reflow. */
import interCyrillic from '@fontsource-variable/inter/files/inter-cyrillic-wght-normal.woff2?url'
import interGreek from '@fontsource-variable/inter/files/inter-greek-wght-normal.woff2?url'
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'
import interLatinExt from '@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url'
import serifCyrillic from '@fontsource-variable/source-serif-4/files/source-serif-4-cyrillic-wght-normal.woff2?url'
import serifGreek from '@fontsource-variable/source-serif-4/files/source-serif-4-greek-wght-normal.woff2?url'
import serifLatin from '@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2?url'
import serifLatinExt from '@fontsource-variable/source-serif-4/files/source-serif-4-latin-ext-wght-normal.woff2?url'
import type { Locale } from '../paraglide/runtime'

const latinExtended: Locale[] = ['pl', 'cs', 'hu', 'ro', 'sq']

/** The brand is set in the Latin serif on every page, so that file comes first everywhere. */
export function fontPreloads(locale: Locale): string[] {
  if (locale === 'el') return [serifLatin, interGreek, serifGreek]
  if (locale === 'bg' || locale === 'uk') return [serifLatin, interCyrillic, serifCyrillic]
  if (latinExtended.includes(locale)) return [interLatin, serifLatin, interLatinExt, serifLatinExt]
  return [interLatin, serifLatin]
}
