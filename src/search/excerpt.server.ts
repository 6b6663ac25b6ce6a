/** The excerpt of a search hit: some thirty words around its first matched word, the matched words marked. */
import { SEARCH } from '../config/constants'
import type { ExcerptPart } from './query'
import { wordPattern } from './terms.server'

/**
 * Some thirty words around the first matched word of the body (or of the summary when the body
 * has none), the matched words marked.
 */
export function excerpt(doc: { summary: string; text: string }, isMatch: (word: string) => boolean): ExcerptPart[] {
  for (const source of [doc.text, doc.summary]) {
    const found = firstMatch(source, isMatch)
    if (found !== null) return marked(source, found, isMatch)
  }
  return marked(doc.summary, 0, () => false)
}

function firstMatch(text: string, isMatch: (word: string) => boolean) {
  for (const match of text.matchAll(wordPattern)) if (isMatch(match[0])) return match.index
  return null
}

function marked(text: string, at: number, isMatch: (word: string) => boolean): ExcerptPart[] {
  // Start a few words before the match, at a word's start; stop after SEARCH.excerptWords words.
  const before = [...text.slice(Math.max(0, at - 80), at).matchAll(wordPattern)]
  const lead = before.length > 6 ? before[before.length - 6] : before[0]
  const start = lead ? Math.max(0, at - 80) + lead.index : at
  const parts: ExcerptPart[] = start > 0 ? [{ text: '…' }] : []
  let position = start
  let count = 0
  const push = (part: ExcerptPart) => {
    const last = parts[parts.length - 1]
    if (last && !last.mark && !part.mark) last.text += part.text
    else if (part.text) parts.push(part)
  }
  for (const match of text.slice(start).matchAll(wordPattern)) {
    const index = start + match.index
    if (count === SEARCH.excerptWords) {
      push({ text: text.slice(position, index).trimEnd() + ' …' })
      return parts
    }
    push({ text: text.slice(position, index) })
    push(isMatch(match[0]) ? { text: match[0], mark: true } : { text: match[0] })
    position = index + match[0].length
    count++
  }
  push({ text: text.slice(position) })
  return parts
}
