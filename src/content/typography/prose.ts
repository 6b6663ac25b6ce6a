/**
 * What is prose in Markdown: the text with code, HTML, link targets and addresses blanked out,
 * character for character, so every problem found keeps its line and column (decision 025 says why
 * this is not a parse).
 */
const blank = (text: string) => text.replace(/[^\n]/g, ' ')

// Each pattern finds text that is markup or an address, not prose. Link titles go with their targets;
// link targets go before bare URLs, which may not hold all of one.
const notProse = [
  /<!--[\s\S]*?-->/g,
  /(?<!`)(`+)(?!`)[^\n]*?(?<!`)\1(?!`)/g,
  /<(?:https?|mailto|ftp):[^>\s]*>|<[^>\s@]+@[^>\s]+>/g,
  /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g,
  /^ {0,3}\[[^\]\n]+\]:[ \t]*\S+(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*$/gm,
  /\]\((?:<[^>\n]*>|(?:[^()\s]|\([^()\s]*\))*)(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*\)/g,
  /(?:https?:\/\/|www\.)[^\s<>"`]*[^\s<>"`.,;:!?)\]’”»]/g,
]

/**
 * The Markdown with everything that is not prose (code, HTML tags and their attributes, link
 * targets, URLs) blanked out, character for character, so positions and lines stay the same.
 */
export function maskMarkdown(markdown: string) {
  let fence: string | null = null
  const lines = markdown.split('\n').map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1]
    if (fence === null && marker) {
      fence = marker
      return blank(line)
    }
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && !line.slice(line.indexOf(marker) + marker.length).trim()) fence = null
      return blank(line)
    }
    return line
  })
  let text = lines.join('\n')
  for (const pattern of notProse) text = text.replace(pattern, blank)
  return text
}
