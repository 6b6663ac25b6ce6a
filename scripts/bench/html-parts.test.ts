import { describe, expect, it } from 'vitest'
import { htmlParts } from './html-parts'

describe('htmlParts', () => {
  it('splits a page into its message script, data, other scripts, head tags, body and markup', () => {
    const html =
      '<!DOCTYPE html><html><head><title>T</title><script>{ globalThis.__paraglide = {} }</script></head><body>' +
      '<main class="x"><div data-body="" class="prose"><p>Body</p></div><p>after</p></main>' +
      '<script data-tsr-stream-part="">$_TSR.router={}</script><script>go()</script></body></html>'
    const parts = htmlParts(html)
    expect(parts.messages).toBe('<script>{ globalThis.__paraglide = {} }</script>'.length)
    expect(parts.data).toBe('<script data-tsr-stream-part="">$_TSR.router={}</script>'.length)
    expect(parts.otherScripts).toBe('<script>go()</script>'.length)
    expect(parts.head).toBe('<title>T</title>'.length)
    expect(parts.body).toBe('<p>Body</p>'.length)
    expect(parts.classes).toBe(' class="x"'.length + ' class="prose"'.length)
    expect(parts.messages + parts.data + parts.otherScripts + parts.head + parts.body + parts.markup).toBe(parts.total)
  })
})
