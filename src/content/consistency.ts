/**
 * Compares a translation with its English source: headings, tables, table rows, list items, the
 * figures written in digits and the link targets. Differences are for a person to confirm; a
 * confirmed one is listed by its key in the translation's `confirmedDifferences`.
 */
import type { Nodes, Root } from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'

export type Structure = {
  headings: string
  tables: number
  tableRows: number
  listItems: number
  figures: Set<string>
  links: Set<string>
}

export type Difference = { key: string; message: string }

const parser = unified().use(remarkParse).use(remarkGfm)

// English writes 800,000.5; every other language of the site writes 800.000,5 or 800 000,5.
const ENGLISH_NUMBER = /(?<!\d)(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?/g
const DECIMAL_COMMA_NUMBER = /(?<!\d)(?:\d{1,3}(?:[.\u00a0\u202f\u2009 ]\d{3})+(?!\d)|\d+)(?:,\d+)?/g

/** Figures written in digits, in a canonical form (`3.09`, `800000`) whatever the language. */
export function figuresOf(text: string, locale: string): string[] {
  const english = locale === 'en'
  const matches = text.match(english ? ENGLISH_NUMBER : DECIMAL_COMMA_NUMBER) ?? []
  return matches.map((raw) => {
    const plain = english ? raw.replace(/,/g, '') : raw.replace(/[.\u00a0\u202f\u2009 ]/g, '').replace(',', '.')
    return String(Number(plain))
  })
}

export function analyze(markdown: string, locale: string): Structure {
  const tree: Root = parser.parse(markdown)
  const depths: number[] = []
  const structure: Structure = { headings: '', tables: 0, tableRows: 0, listItems: 0, figures: new Set(), links: new Set() }
  visit(tree, (node: Nodes) => {
    switch (node.type) {
      case 'heading':
        depths.push(node.depth)
        break
      case 'table':
        structure.tables += 1
        structure.tableRows += node.children.length
        break
      case 'listItem':
        structure.listItems += 1
        break
      case 'link':
        structure.links.add(node.url)
        break
      case 'text':
      case 'inlineCode':
        for (const figure of figuresOf(node.value, locale)) structure.figures.add(figure)
        break
    }
  })
  structure.headings = summarizeHeadings(depths)
  // "the 1990s" is often "the '90s" in translation: a decade of the source is found either way.
  if (locale === 'en') {
    visit(tree, 'text', (node) => {
      for (const [, decade] of node.value.matchAll(/\b(1[89]\d0|20\d0)s\b/g)) {
        structure.figures.delete(decade)
        structure.figures.add(`${decade}s`)
      }
    })
  } else {
    for (const figure of [...structure.figures]) {
      if (/^(1[89]\d0|20\d0)$/.test(figure)) structure.figures.add(`${figure}s`)
      if (/^[1-9]0$/.test(figure)) structure.figures.add(`19${figure}s`)
    }
  }
  return structure
}

function summarizeHeadings(depths: number[]) {
  const counts = new Map<number, number>()
  for (const depth of depths) counts.set(depth, (counts.get(depth) ?? 0) + 1)
  return (
    [...counts]
      .sort(([a], [b]) => a - b)
      .map(([depth, n]) => `h${depth}:${n}`)
      .join(' ') || 'none'
  )
}

/** What a translation does differently from its source; keys are stable so they can be confirmed. */
export function compare(source: Structure, translation: Structure): Difference[] {
  const differences: Difference[] = []
  const count = (name: string, expected: number | string, actual: number | string) => {
    if (expected !== actual) {
      differences.push({ key: `${name} ${expected}/${actual}`, message: `${name}: ${expected} in the source, ${actual} here` })
    }
  }
  count('headings', source.headings, translation.headings)
  count('tables', source.tables, translation.tables)
  count('table rows', source.tableRows, translation.tableRows)
  count('list items', source.listItems, translation.listItems)
  for (const figure of source.figures) {
    if (!translation.figures.has(figure)) {
      differences.push({ key: `figure ${figure}`, message: `the figure ${figure} of the source does not appear` })
    }
  }
  for (const link of source.links) {
    if (!translation.links.has(link)) {
      differences.push({ key: `link ${link}`, message: `the link to ${link} of the source is missing` })
    }
  }
  return differences
}

/** The differences a person has not yet confirmed. */
export function unconfirmed(differences: Difference[], confirmed: readonly string[] = []) {
  const accepted = new Set(confirmed.map((key) => key.trim()))
  return differences.filter((d) => !accepted.has(d.key))
}
