import { readFileSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { messageSources } from '../paraglide/message-sources.js'
import { pageMessages } from './page-messages.server'
import { compactMessage } from './paraglide-output'

type Message = string | ((input?: Record<string, unknown>) => string)
type Browser = {
  __paraglide: { ssr: Record<string, Message>; t: (id: string, inputs?: Record<string, unknown>) => string; miss?: (id: string) => void }
}

/** A page's messages as the browser gets them: its inline script run on its own. */
function browserMessages(script: string): Browser['__paraglide'] {
  const context: { globalThis?: unknown; __paraglide?: Browser['__paraglide'] } = {}
  context.globalThis = context
  runInNewContext(script.replace(/^<script>|<\/script>$/g, ''), context)
  if (!context.__paraglide) throw new Error('the script defined no messages')
  return context.__paraglide
}

/** A locale's module, as the browser loads it (its ES export read as a value). */
function localeModule(locale: string): Record<string, Message> {
  const code = readFileSync(new URL(`../paraglide/locale-messages/${locale}.js`, import.meta.url), 'utf8')
  const context: { messages?: Record<string, Message> } = {}
  runInNewContext(code.replace('export const messages =', 'messages ='), context)
  if (!context.messages) throw new Error(`no messages in ${locale}.js`)
  return context.messages
}

describe("a page's message script", () => {
  it('carries the messages its render called, in its locale, and formats plurals as the server does', () => {
    const pl = browserMessages(pageMessages('pl', ['search_results_count:pl', 'blog_title:pl', 'blog_title:de']))
    expect([1, 3, 5, 22].map((count) => pl.t('search_results_count', { count }))).toEqual(['1 wynik', '3 wyniki', '5 wyników', '22 wyniki'])
    expect(pl.t('blog_title')).toBe('Analizy i wiadomości z rynku nieruchomości')
    const uk = browserMessages(pageMessages('uk', ['search_results_count:uk']))
    expect([1, 3, 5].map((count) => uk.t('search_results_count', { count }))).toEqual(['1 результат', '3 результати', '5 результатів'])
  })

  it("leaves out what the render did not call, other locales' calls, and unknown ids", () => {
    const en = browserMessages(pageMessages('en', ['post_reading_time:en', 'about_title:de', 'no_such_message:en']))
    expect(en.t('post_reading_time', { minutes: 1 })).toBe('1 min read')
    expect(en.ssr.about_title).toBeUndefined()
    expect(en.ssr.no_such_message).toBeUndefined()
    // The shell's texts that change after hydration are always there.
    expect(en.t('theme_dark')).toBe('Dark')
    expect(Object.keys(en.ssr).length).toBeLessThan(20)
  })

  it('sends a message without inputs as its text, and one with inputs as a function', () => {
    expect(compactMessage('() => {\n\treturn (`About us`)\n}')).toBe('`About us`')
    expect(compactMessage('(i) => {\n\treturn (`${i?.minutes} min read`)\n}')).toBe('(i) => `${i?.minutes} min read`')
    expect(compactMessage('() => {\n\treturn (`Price ($)`)\n}')).toBe('`Price ($)`')
    const plural = '(i) => {const p = registry.plural("en", i?.n, {});\n\tif (p === "one") return (`${i?.n} item`);\n\treturn (`${i?.n} items`);\n}'
    expect(compactMessage(plural)).toBe(plural)
  })

  it('reads a message the page lacks as empty and says which one is missing', () => {
    const en = browserMessages(pageMessages('en', []))
    const missed: string[] = []
    en.miss = (id) => missed.push(id)
    expect(en.t('about_title')).toBe('')
    expect(missed).toEqual(['about_title'])
  })

  it('cannot end the script element early, whatever a translation holds', () => {
    for (const locale of Object.keys(messageSources)) {
      const script = pageMessages(
        locale,
        Object.keys(messageSources[locale]).map((id) => `${id}:${locale}`),
      )
      expect(script.slice(8, -9), locale).not.toMatch(/<\/script/i)
    }
  })
})

describe("the server's registry", () => {
  it('keeps one plural rule set per locale and options, with the same answers', async () => {
    const { plural } = await import('../paraglide/registry.js')
    expect(readFileSync(new URL('../paraglide/registry.js', import.meta.url), 'utf8')).toContain('pluralRules.get(key)')
    expect([1, 2, 5, 22].map((n) => plural('pl', n, {}))).toEqual(['one', 'few', 'many', 'few'])
    expect(plural('en', 1, { type: 'ordinal' })).toBe('one')
    expect(plural('en', 2, { type: 'ordinal' })).toBe('two')
  })
})

describe("a locale's module of every message", () => {
  it('has every message of the locale, plurals included', () => {
    for (const locale of Object.keys(messageSources)) {
      const messages = localeModule(locale)
      expect(Object.keys(messages).sort(), locale).toEqual(Object.keys(messageSources[locale]).sort())
    }
    const uk = localeModule('uk').search_results_count
    expect(typeof uk === 'function' && uk({ count: 3 })).toBe('3 результати')
    // A message without inputs is its text.
    expect(localeModule('el').theme_dark).toBeTypeOf('string')
  })
})
