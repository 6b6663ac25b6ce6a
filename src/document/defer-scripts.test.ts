import { describe, expect, it } from 'vitest'
import { deferScripts, loaderScript } from './defer-scripts'

const page = [
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/styles.css"/>',
  '<link rel="modulepreload" href="/assets/index-A.js" fetchPriority="low"/>',
  '<link rel="modulepreload" href="/assets/path-B.js" fetchPriority="low"/>',
  '<link rel="preload" href="/assets/inter.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
  '</head><body><main>Text</main><script>$_TSR={}</script>',
  '<script type="module" async="" src="/assets/index-A.js"></script></body></html>',
].join('')

describe('deferScripts', () => {
  const out = deferScripts(page)

  it('removes the module preloads and the entry script from the markup', () => {
    expect(out).not.toContain('<link rel="modulepreload"')
    expect(out).not.toContain('<script type="module"')
  })

  it('keeps everything else: stylesheet, font preloads, inline data, content', () => {
    expect(out).toContain('<link rel="stylesheet" href="/assets/styles.css"/>')
    expect(out).toContain('as="font"')
    expect(out).toContain('<script>$_TSR={}</script>')
    expect(out).toContain('<main>Text</main>')
  })

  it('adds one loader, where the entry was, that preloads every chunk and then runs the entry', () => {
    const loader = loaderScript('/assets/index-A.js', ['/assets/index-A.js', '/assets/path-B.js'])
    expect(out).toContain(`<script>$_TSR={}</script><script>${loader}</script></body>`)
    expect(loader).toMatch(/^requestAnimationFrame\(function\(\)\{setTimeout\(/)
    expect(loader).toContain('["/assets/index-A.js","/assets/path-B.js"]')
    expect(loader.indexOf('modulepreload')).toBeLessThan(loader.indexOf('s.type="module"'))
  })

  it('the loader runs in a browser-like document and adds preloads then the entry', () => {
    const added: Array<Record<string, string>> = []
    const fakeDocument = {
      createElement: () => ({}) as Record<string, string>,
      head: { append: (element: Record<string, string>) => added.push(element) },
    }
    const run = new Function('requestAnimationFrame', 'setTimeout', 'document', loaderScript('/e.js', ['/e.js', '/c.js']))
    run((fn: () => void) => fn(), (fn: () => void) => fn(), fakeDocument)
    expect(added).toEqual([
      { rel: 'modulepreload', href: '/e.js' },
      { rel: 'modulepreload', href: '/c.js' },
      { type: 'module', src: '/e.js' },
    ])
  })

  it('leaves a page without Start’s entry script alone', () => {
    const plain = '<html><head></head><body><p>Error</p></body></html>'
    expect(deferScripts(plain)).toBe(plain)
  })
})
