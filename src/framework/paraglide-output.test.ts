import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { messageScripts } from '../paraglide/message-scripts.js'

/** A locale's messages as the browser gets them: the page's inline script run on its own. */
function browserMessages(locale: string): Record<string, (input?: Record<string, unknown>) => string> {
  const context: { globalThis?: unknown; __paraglide?: { ssr: Record<string, (input?: Record<string, unknown>) => string> } } = {}
  context.globalThis = context
  runInNewContext(messageScripts[locale].replace(/^<script>|<\/script>$/g, ''), context)
  if (!context.__paraglide) throw new Error(`no messages for ${locale}`)
  return context.__paraglide.ssr
}

describe("the browser's message script", () => {
  it('formats plural messages in the browser as on the server (the registry travels with them)', () => {
    const pl = browserMessages('pl')
    expect([1, 3, 5, 22].map((count) => pl.search_results_count({ count }))).toEqual(['1 wynik', '3 wyniki', '5 wyników', '22 wyniki'])
    const uk = browserMessages('uk')
    expect([1, 3, 5].map((count) => uk.search_results_count({ count }))).toEqual(['1 результат', '3 результати', '5 результатів'])
    expect(browserMessages('en').post_reading_time({ minutes: 1 })).toBe('1 min read')
  })

  it('gives every locale every message, and no way to end the script element early', () => {
    for (const [locale, script] of Object.entries(messageScripts)) {
      expect(Object.keys(browserMessages(locale)).length, locale).toBeGreaterThan(100)
      expect(script.slice(8, -9), locale).not.toMatch(/<\/script/i)
    }
  })
})
