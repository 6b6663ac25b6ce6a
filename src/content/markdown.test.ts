import { describe, expect, it } from 'vitest'
import { countWords, readingMinutes, renderMarkdown, keepFiguresTogether } from './markdown.server'

describe('markdown rendering', () => {
  it('renders headings with anchors, lists, tables, links, images and quotes', () => {
    const { html, headings } = renderMarkdown(
      [
        'Intro.',
        '## Costs and taxes',
        '- one',
        '- two',
        '| a | b |\n|---|---|\n| 1 | 2 |',
        '> A tip',
        '[Agency](https://www.agenciatributaria.es) ![A villa](/villa.jpg)',
        '### Detail',
      ].join('\n\n'),
    )
    expect(html).toContain('<h2 id="costs-and-taxes">Costs and taxes<a')
    expect(html).toContain('<ul>')
    expect(html).toContain('<table>')
    expect(html).toContain('<blockquote>')
    expect(html).toContain('href="https://www.agenciatributaria.es" rel="noopener noreferrer"')
    expect(html).toContain('alt="A villa" loading="lazy"')
    expect(headings).toEqual([
      { id: 'costs-and-taxes', text: 'Costs and taxes', depth: 2 },
      { id: 'detail', text: 'Detail', depth: 3 },
    ])
  })

  it('keeps Greek and Cyrillic heading ids readable', () => {
    expect(renderMarkdown('## Φόροι και κόστη').html).toContain('id="φόροι-και-κόστη"')
  })

  it('lets no script, javascript: link or event handler through', () => {
    const { html } = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(1)">',
        '[click](javascript:alert(1))',
        '<a href="#" onclick="alert(1)">x</a>',
        '<iframe src="https://evil.example"></iframe>',
        '[data](data:text/html;base64,PHNjcmlwdD4=)',
      ].join('\n\n'),
    )
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|data:text/i)
  })
})

describe('reading time', () => {
  it('counts words in any script, ignoring markup', () => {
    expect(countWords('## Heading\n\nOne two, three. [link text](https://x.y)')).toBe(6)
    expect(countWords('Η αγορά ακινήτων | Ринок нерухомості')).toBe(5)
  })
  it('reads 220 words a minute, at least one', () => {
    expect(readingMinutes(0)).toBe(1)
    expect(readingMinutes(660)).toBe(3)
    expect(readingMinutes(1000)).toBe(5)
  })
})

describe('figures stay on one line', () => {
  it('joins digit groups and a spaced percent sign with no-break spaces, nothing else', () => {
    expect(keepFiguresTogether('800 000 € и 3,09 % от 2023 120 жилища')).toBe('800\u00a0000 € и 3,09\u00a0% от 2023 120 жилища')
    expect(keepFiguresTogether('1 250 000 zł')).toBe('1\u00a0250\u00a0000 zł')
    expect(keepFiguresTogether('in 12 months')).toBe('in 12 months')
  })

  it('applies to rendered text, not to attributes or links', () => {
    const { html } = renderMarkdown('Цена: 700 000 евро, [линк](https://example.org/a%20b) 10 %')
    expect(html).toContain('700\u00a0000 евро')
    expect(html).toContain('10\u00a0%')
    expect(html).toContain('href="https://example.org/a%20b"')
  })
})
