/**
 * The inline script of a page's messages (issue 27): the messages its render called, tracked by
 * Paraglide's runtime in the request's store, instead of every message of its locale (17 KB on an
 * English post). Scripts are kept by message set: pages of one kind share theirs.
 */
import { messageSources, registry } from '../paraglide/message-sources.js'
import { inlineMessages, registryUsed } from './paraglide-output'

/**
 * Texts every page carries whatever its render called: the shell's, which change with the reader's
 * state once hydrated (the theme's and the menu's labels, navigation feedback). A client-side
 * navigation loads the rest first (src/i18n/messages-loader.ts).
 */
const always = ['theme_toggle_label', 'theme_dark', 'theme_light', 'nav_menu_open', 'nav_menu_close', 'loading']

const MAX_SCRIPTS = 1000
const scripts = new Map<string, string>()

/** The page's message script for `locale`; `calls` are the runtime's `id:locale` records. */
export function pageMessages(locale: string, calls: Iterable<string>): string {
  const sources = messageSources[locale] ?? messageSources.en
  const suffix = `:${locale}`
  const ids = new Set(always)
  for (const call of calls) if (call.endsWith(suffix)) ids.add(call.slice(0, -suffix.length))
  const used = [...ids].filter((id) => id in sources).sort()
  const key = `${locale} ${used.join(' ')}`
  let script = scripts.get(key)
  if (script === undefined) {
    const messages = Object.fromEntries(used.map((id) => [id, sources[id]]))
    script = inlineMessages(messages, registryUsed(registry, Object.values(messages)))
    if (scripts.size >= MAX_SCRIPTS) scripts.clear()
    scripts.set(key, script)
  }
  return script
}
