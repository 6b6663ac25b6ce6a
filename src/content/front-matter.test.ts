import { describe, expect, it } from 'vitest'
import { parseFrontMatter } from './front-matter'

describe('the one front-matter reader (issue 36)', () => {
  it('splits front matter from the body and counts its lines, a BOM and CRLF included', () => {
    expect(parseFrontMatter('---\ntitle: Spain\ntags: [a, b]\n---\nBody\n')).toEqual({
      data: { title: 'Spain', tags: ['a', 'b'] },
      body: 'Body\n',
      head: '---\ntitle: Spain\ntags: [a, b]\n---\n',
      open: '---\n',
      yaml: 'title: Spain\ntags: [a, b]\n',
      lines: 4,
    })
    const crlf = parseFrontMatter('\uFEFF---\r\ntitle: x\r\n---\r\nBody')
    expect(crlf).toMatchObject({ data: { title: 'x' }, body: 'Body', lines: 3, open: '\uFEFF---\r\n', yaml: 'title: x\r\n' })
    expect(parseFrontMatter('---\n---\nOnly a body')).toMatchObject({ data: {}, body: 'Only a body' })
  })

  it('reports a file without front matter, an unclosed one and invalid YAML as messages', () => {
    expect(parseFrontMatter('# Just Markdown')).toEqual({ error: 'the file must start with YAML front matter between two --- lines' })
    expect(parseFrontMatter('---\ntitle: x\n-- -\nBody')).toEqual({ error: 'the file must start with YAML front matter between two --- lines' })
    expect(parseFrontMatter('---\ntitle: [unclosed\n---\nBody')).toEqual({ error: expect.stringMatching(/^front matter is not valid YAML: /) })
  })
})
