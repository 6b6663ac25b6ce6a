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
    expect(loader).toContain('["/assets/index-A.js","/assets/path-B.js"]')
    expect(loader.indexOf('modulepreload')).toBeLessThan(loader.indexOf('s.type="module"'))
  })

  type Added = Record<string, string>
  type Entries = { getEntriesByName: (name: string) => unknown[] }
  function runLoader({
    paintTiming,
    fonts = true,
    flagged = false,
    visibility = 'visible',
  }: {
    paintTiming: boolean
    fonts?: boolean
    flagged?: boolean
    visibility?: 'visible' | 'hidden'
  }) {
    const added: Added[] = []
    const frames: Array<() => void> = []
    const timers: Array<{ fn: () => void; ms: number }> = []
    const fontRequests: Array<{ font: string; text: string; arrive: (faces: unknown[]) => void }> = []
    const stored: Record<string, string> = {}
    let observer: ((list: Entries, self: { disconnect: () => void }) => void) | undefined
    let disconnected = false
    const visibilityListeners: Array<() => void> = []
    const html = { dataset: (flagged ? { fonts: '' } : {}) as Record<string, string> }
    const fakeDocument = {
      title: 'Κατοικία στην Ελλάδα | Estate Atlas',
      documentElement: html,
      fonts: fonts
        ? { load: (font: string, text: string) => ({ then: (arrive: (faces: unknown[]) => void) => fontRequests.push({ font, text, arrive }) }) }
        : undefined,
      createElement: () => ({}) as Added,
      head: { append: (element: Added) => added.push(element) },
      visibilityState: visibility,
      addEventListener: (type: string, listener: () => void) => type === 'visibilitychange' && visibilityListeners.push(listener),
    }
    class FakeObserver {
      static supportedEntryTypes = paintTiming ? ['paint', 'navigation'] : ['navigation']
      constructor(callback: typeof observer) {
        if (!paintTiming) throw new TypeError('not supported')
        observer = callback
      }
      observe(options: { type: string }) {
        expect(options.type).toBe('paint')
      }
    }
    const run = new Function(
      'document',
      'PerformanceObserver',
      'requestAnimationFrame',
      'setTimeout',
      'sessionStorage',
      loaderScript('/e.js', ['/e.js', '/c.js']),
    )
    run(
      fakeDocument,
      FakeObserver,
      (fn: () => void) => frames.push(fn),
      (fn: () => void, ms = 0) => timers.push({ fn, ms }),
      { setItem: (key: string, value: string) => (stored[key] = value) },
    )
    const paintEntries = (name: string): Entries => ({ getEntriesByName: (asked) => (asked === name ? [{ name }] : []) })
    return {
      added,
      fontRequests,
      html,
      stored,
      firstPaint: () => observer?.(paintEntries('first-paint'), { disconnect: () => (disconnected = true) }),
      paint: () => observer?.(paintEntries('first-contentful-paint'), { disconnect: () => (disconnected = true) }),
      frame: () => frames.splice(0).forEach((fn) => fn()),
      tick: () => timers.splice(0).forEach(({ fn }) => fn()),
      timers,
      hide: () => {
        fakeDocument.visibilityState = 'hidden'
        visibilityListeners.forEach((listener) => listener())
      },
      disconnected: () => disconnected,
    }
  }

  it('requests nothing before the first contentful paint, then the preloads and the entry, once', () => {
    const page = runLoader({ paintTiming: true })
    expect(page.added).toEqual([])
    page.firstPaint()
    expect(page.disconnected()).toBe(false)
    page.paint()
    expect(page.disconnected()).toBe(true)
    expect(page.added).toEqual([])
    page.tick()
    expect(page.added).toEqual([
      { rel: 'modulepreload', href: '/e.js' },
      { rel: 'modulepreload', href: '/c.js' },
      { type: 'module', src: '/e.js' },
      // The web manifest too: fetched before the paint, it cost a round trip in Lighthouse's simulation.
      { rel: 'manifest', href: '/manifest.webmanifest' },
    ])
    page.frame()
    page.tick()
    expect(page.added).toHaveLength(4)
    expect(page.fontRequests).toHaveLength(1)
  })

  it('asks for the display font the title needs after the paint, and turns it on once it has arrived', () => {
    const page = runLoader({ paintTiming: true })
    page.paint()
    expect(page.fontRequests).toEqual([])
    page.tick()
    expect(page.fontRequests.map(({ font, text }) => [font, text])).toEqual([['600 1em "Source Serif 4"', 'Κατοικία στην Ελλάδα | Estate Atlas']])
    expect(page.html.dataset.fonts).toBeUndefined()
    page.fontRequests[0].arrive([{}])
    expect(page.html.dataset.fonts).toBe('')
    expect(page.stored).toEqual({ ea_fonts: '1' })
  })

  it('keeps the reader’s serif when no face arrived, and does not ask again for a remembered font', () => {
    const none = runLoader({ paintTiming: true })
    none.paint()
    none.tick()
    none.fontRequests[0].arrive([])
    expect(none.html.dataset.fonts).toBeUndefined()
    expect(none.stored).toEqual({})

    const remembered = runLoader({ paintTiming: true, flagged: true })
    remembered.paint()
    remembered.tick()
    expect(remembered.fontRequests).toEqual([])
    expect(remembered.added).toHaveLength(4)

    const noFontLoading = runLoader({ paintTiming: true, fonts: false })
    noFontLoading.paint()
    noFontLoading.tick()
    expect(noFontLoading.added).toHaveLength(4)
  })

  it('without Paint Timing, loads after the first frame and a grace period', () => {
    const page = runLoader({ paintTiming: false })
    expect(page.added).toEqual([])
    page.frame()
    expect(page.timers.map((t) => t.ms)).toEqual([300])
    page.tick()
    expect(page.added.map((a) => a.href ?? a.src)).toEqual(['/e.js', '/c.js', '/e.js', '/manifest.webmanifest'])
  })

  it('with Paint Timing, the first frame only sets a long safety net: a slow presentation of that frame does not start the download early', () => {
    const page = runLoader({ paintTiming: true })
    page.frame()
    expect(page.timers.map((t) => t.ms)).toEqual([3000])
    page.paint()
    expect(page.timers.map((t) => t.ms)).toEqual([3000, 0])
    page.tick()
    expect(page.added).toHaveLength(4)
  })

  it('a page opened hidden, or hidden before its first frame, has no paint reported: it loads a grace after its first frame', () => {
    const opened = runLoader({ paintTiming: true, visibility: 'hidden' })
    opened.frame()
    expect(opened.timers.map((t) => t.ms)).toEqual([300])
    opened.tick()
    expect(opened.added).toHaveLength(4)

    const switched = runLoader({ paintTiming: true })
    switched.hide()
    switched.frame()
    expect(switched.timers.map((t) => t.ms)).toEqual([300])
  })

  it('leaves a page without Start’s entry script alone', () => {
    const plain = '<html><head></head><body><p>Error</p></body></html>'
    expect(deferScripts(plain)).toBe(plain)
  })

  it('writes what it is given for the end of <head> before </head>, once, with or without the entry', () => {
    const messages = '<script>m={}</script>'
    const withEntry = deferScripts(page, messages)
    expect(withEntry).toBe(out.replace('</head>', `${messages}</head>`))
    const plain = '<html><head></head><body><p>Error</p><script>x="</head>"</script></body></html>'
    expect(deferScripts(plain, messages)).toBe(plain.replace('</head>', `${messages}</head>`))
    const noPreloads = page.replace(/<link rel="modulepreload"[^>]*>/g, '')
    expect(deferScripts(noPreloads, messages).split(messages)).toHaveLength(2)
    expect(deferScripts(noPreloads, messages)).toContain(`${messages}</head><body>`)
  })
})
