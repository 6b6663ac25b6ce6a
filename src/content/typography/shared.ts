/** What the typography rules share (src/content/typography/): a found problem, and the spaces the renderer binds. */
import type { Locale } from '../../paraglide/runtime'

export type TypographyRule = 'quote' | 'apostrophe' | 'money-sign' | 'money-number' | 'money-code' | 'percent'

/** A problem in one line: where, which rule, what to say, and its one safe correction if it has one. */
export type Found = { rule: TypographyRule; index: number; length: number; message: string; fix?: string }

export const languageNames = new Intl.DisplayNames('en', { type: 'language' })
export const nbsp = '\u00a0'
/** A plain space, a no-break space and a narrow one are the same thing here: the renderer binds figures. */
export const space = '[ \\u00a0\\u202f]'
export const isSpace = (char: string) => char === ' ' || char === '\u00a0' || char === '\u202f'
export const sameSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

export type { Locale }
