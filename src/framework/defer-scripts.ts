/**
 * The page's JavaScript is requested after its first paint (decision 009).
 *
 * Start puts `<link rel="modulepreload">` for every chunk of the route in <head> and the entry as
 * `<script type="module" async>`. On a slow network those ~85 KB compete with the HTML, CSS and
 * fonts the first paint needs, and an async module that arrives early runs its hydration before
 * the browser paints. The page is complete without JavaScript (server-rendered, links are links),
 * so the download can wait: the preloads and the entry are replaced by one small inline script
 * that, after the first paint, adds the same preloads (so the chunks still load in parallel, not
 * as a waterfall) and then the entry. The display font is asked for at the same moment
 * (decision 021). Pure string work on Start's output; see the test for the
 * shapes it relies on.
 */

import { fontsLoadScript } from '../theme/fonts'

/** The site's web manifest (public/manifest.webmanifest), linked by the loader after the first paint. */
const MANIFEST_PATH = '/manifest.webmanifest'

/** Wait after the first frame where Paint Timing cannot report the paint (not supported, or the page was hidden). */
const PAINT_GRACE_MS = 300
/**
 * Wait after the first frame where Paint Timing will report it: only a safety net. The first
 * frame's presentation can come well after its `requestAnimationFrame` (a busy phone, or the
 * `font-display: optional` block period); a 300 ms guess then requested the scripts before the
 * paint (CI caught it, 634 ms against a first contentful paint at 744 ms).
 */
const PAINT_TIMEOUT_MS = 3000

const preloadTag = '<link rel="modulepreload" href="'
const entryTag = '<script type="module" async="" src="'
const entryEnd = '"></script>'

/**
 * The loader: requests the display font, the preloads and the entry once the browser reports its
 * first contentful paint (Paint Timing), or, where that cannot be reported (no support, or a page
 * that was hidden: browsers do not report its paints), after the first frame plus a grace. At most once.
 */
export function loaderScript(entry: string, preloads: readonly string[]) {
  return (
    `(function(){var d=document,done=0,w=${String(PAINT_GRACE_MS)};function go(){if(done)return;done=1;` +
    fontsLoadScript +
    `${JSON.stringify(preloads)}.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.href=u;d.head.append(l)});` +
    `var s=d.createElement("script");s.type="module";s.src=${JSON.stringify(entry)};d.head.append(s);` +
    // The web manifest joins here too: Chromium fetches a linked manifest as the page loads, and in
    // Lighthouse's simulation a manifest that arrived before the first paint added a round trip
    // (0.15 s) to the largest paint of every page type (decision 021, "Manifest and favicon").
    `var m=d.createElement("link");m.rel="manifest";m.href=${JSON.stringify(MANIFEST_PATH)};d.head.append(m)}` +
    // The first *contentful* paint: 'first-paint' can be a bare background, before any text.
    'try{new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go)}}).observe({type:"paint",buffered:true});' +
    `if(PerformanceObserver.supportedEntryTypes.indexOf("paint")>-1&&d.visibilityState=="visible")w=${String(PAINT_TIMEOUT_MS)}}catch(e){}` +
    `d.addEventListener("visibilitychange",function(){w=${String(PAINT_GRACE_MS)}});` +
    'requestAnimationFrame(function(){setTimeout(go,w)})})()'
  )
}

// No regular expressions and no scan of the whole page: this runs on every uncached render of a
// ~30 KB document. Start writes the entry script last in <body> (found from the end) and the
// preloads as one run of tags early in <head>. `headEnd` (the page's messages, locale-request.server.ts)
// goes before `</head>` in the same concatenation, so the page is copied once, not once per change.
export function deferScripts(html: string, headEnd = ''): string {
  const withHeadEnd = (from: number, to: number) => {
    const at = headEnd ? html.indexOf('</head>', from) : -1
    return at === -1 || at >= to ? html.slice(from, to) : html.slice(from, at) + headEnd + html.slice(at, to)
  }
  const entryAt = html.lastIndexOf(entryTag)
  const entrySrcEnd = entryAt === -1 ? -1 : html.indexOf(entryEnd, entryAt + entryTag.length)
  if (entrySrcEnd === -1) return withHeadEnd(0, html.length)
  const entry = html.slice(entryAt + entryTag.length, entrySrcEnd)

  const preloads = [entry]
  const first = html.indexOf(preloadTag)
  let end = first
  if (first !== -1 && first < entryAt) {
    while (html.startsWith(preloadTag, end)) {
      const hrefEnd = html.indexOf('"', end + preloadTag.length)
      const tagEnd = html.indexOf('>', hrefEnd)
      if (hrefEnd === -1 || tagEnd === -1) break
      const href = html.slice(end + preloadTag.length, hrefEnd)
      if (href !== entry) preloads.push(href)
      end = tagEnd + 1
    }
  }
  const loader = `<script>${loaderScript(entry, preloads)}</script>`
  const tail = html.slice(entrySrcEnd + entryEnd.length)
  return first === -1 || first >= entryAt ? withHeadEnd(0, entryAt) + loader + tail : html.slice(0, first) + withHeadEnd(end, entryAt) + loader + tail
}
