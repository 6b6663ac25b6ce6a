/** Markdown to sanitized HTML: GitHub-flavoured tables, heading anchors, nothing executable. */
import rehypeAutolinkHeadings from 'rehype-autolink-headings'
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize'
import rehypeSlug from 'rehype-slug'
import rehypeStringify from 'rehype-stringify'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import type { Element, Root, Text } from 'hast'
import { visit } from 'unist-util-visit'
import type { Heading } from './types'

const schema = {
  ...defaultSchema,
  // Ids are ours (from rehype-slug, after sanitizing), so no "user-content-" prefix is needed.
  clobberPrefix: '',
}

// "800 000 €", "3,09 %": most of our languages group digits and set the percent sign apart with a
// space, and a line must not break inside the figure.
const spacedFigure = /(?<!\d)\d{1,3}(?: \d{3})+(?!\d)|(?<=\d) (?=%)/g

/** Keeps a figure written with spaces on one line (no-break spaces), wherever it is in the text. */
export function keepFiguresTogether(text: string) {
  return text.replace(spacedFigure, (match) => match.replaceAll(' ', '\u00a0'))
}

/**
 * Collects h2/h3 for the table of contents, makes images lazy and external links safe, and keeps
 * figures on one line.
 */
function inspect(headings: Heading[]) {
  return () => (tree: Root) => {
    visit(tree, 'text', (node: Text) => {
      node.value = keepFiguresTogether(node.value)
    })
    visit(tree, 'element', (node: Element) => {
      if ((node.tagName === 'h2' || node.tagName === 'h3') && typeof node.properties.id === 'string') {
        headings.push({ id: node.properties.id, text: textOf(node), depth: node.tagName === 'h2' ? 2 : 3 })
      }
      if (node.tagName === 'img') {
        node.properties.loading = 'lazy'
        node.properties.decoding = 'async'
      }
      if (node.tagName === 'a' && typeof node.properties.href === 'string' && /^https?:/.test(node.properties.href)) {
        node.properties.rel = ['noopener', 'noreferrer']
      }
    })
  }
}

function textOf(node: Element | Root): string {
  return node.children.map((child) => (child.type === 'text' ? child.value : child.type === 'element' ? textOf(child) : '')).join('')
}

export function renderMarkdown(markdown: string): { html: string; headings: Heading[] } {
  const headings: Heading[] = []
  const html = String(
    unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(remarkRehype)
      .use(rehypeSanitize, schema)
      .use(rehypeSlug)
      .use(inspect(headings))
      .use(rehypeAutolinkHeadings, {
        behavior: 'append',
        properties: { className: ['heading-anchor'], ariaHidden: 'true', tabIndex: -1 },
        content: { type: 'text', value: '#' },
      })
      .use(rehypeStringify)
      .processSync(markdown),
  )
  return { html, headings }
}

export function countWords(markdown: string) {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_|`~-]+/g, ' ')
  return text.split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)).length
}

/** Minutes at 220 words a minute, at least one. */
export function readingMinutes(words: number) {
  return Math.max(1, Math.round(words / 220))
}
