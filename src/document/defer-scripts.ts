/**
 * The page's JavaScript is requested after its first paint (decision 009).
 *
 * Start puts `<link rel="modulepreload">` for every chunk of the route in <head> and the entry as
 * `<script type="module" async>`. On a slow network those ~85 KB compete with the HTML, CSS and
 * fonts the first paint needs, and an async module that arrives early runs its hydration before
 * the browser paints. The page is complete without JavaScript (server-rendered, links are links),
 * so the download can wait: the preloads and the entry are replaced by one small inline script
 * that, after the first frame, adds the same preloads (so the chunks still load in parallel, not
 * as a waterfall) and then the entry. Pure string work on Start's output; see the test for the
 * shapes it relies on.
 */
const modulePreload = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g
const entryScript = /<script type="module" async="" src="([^"]+)"><\/script>/

export function loaderScript(entry: string, preloads: readonly string[]) {
  return (
    'requestAnimationFrame(function(){setTimeout(function(){var d=document;' +
    `${JSON.stringify(preloads)}.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.href=u;d.head.append(l)});` +
    `var s=d.createElement("script");s.type="module";s.src=${JSON.stringify(entry)};d.head.append(s)})})`
  )
}

export function deferScripts(html: string): string {
  const entry = entryScript.exec(html)
  if (!entry) return html
  const preloads = [...html.matchAll(modulePreload)].map((match) => match[1]).filter((href) => href !== entry[1])
  return html.replace(modulePreload, '').replace(entryScript, `<script>${loaderScript(entry[1], [entry[1], ...preloads])}</script>`)
}
