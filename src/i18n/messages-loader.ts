/**
 * A page carries only the messages its render called (issue 27, src/framework/page-messages.server.ts).
 * Before the first client-side navigation, or when the page asks for a message it did not carry,
 * the browser loads its locale's every message once, as a module of its own (about 6 KB gzip).
 */
import type { Locale } from '../paraglide/runtime'

type Messages = Record<string, string | ((inputs?: unknown) => string)>
type Paraglide = { ssr: Messages; miss?: (id: string) => void }

const modules = import.meta.glob<{ messages: Messages }>('../paraglide/locale-messages/*.js')
const loads = new Map<Locale, Promise<void>>()

/** Loads the locale's messages into the ones the page carried; at most once per locale. */
export function loadMessages(locale: Locale): Promise<void> {
  let load = loads.get(locale)
  if (!load) {
    const paraglide = (globalThis as unknown as { __paraglide: Paraglide }).__paraglide
    const module = modules[`../paraglide/locale-messages/${locale}.js`]
    load = module ? module().then(({ messages }) => void Object.assign(paraglide.ssr, messages)) : Promise.resolve()
    loads.set(locale, load)
  }
  return load
}

/** What a message the page lacks does: load them all, then `redraw` (it read as empty meanwhile). */
export function onMissingMessage(locale: Locale, redraw: () => void): void {
  const paraglide = (globalThis as unknown as { __paraglide?: Paraglide }).__paraglide
  if (!paraglide) return
  paraglide.miss = () => {
    paraglide.miss = undefined
    void loadMessages(locale).then(redraw)
  }
}
