import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'

import type { Locale } from '../../src/paraglide/runtime'

export type { Locale }
/** The project's locales, from the one place that lists them. */
export const locales: Locale[] = JSON.parse(readFileSync(new URL('../../project.inlang/settings.json', import.meta.url), 'utf8')).locales

const cache = new Map<string, Record<string, string>>()
/** The interface messages of a locale, as the site shows them (English where a key is missing). */
export function messages(locale: Locale): Record<string, string> {
  const cached = cache.get(locale)
  if (cached) return cached
  const read = (l: string): Record<string, string> => JSON.parse(readFileSync(new URL(`../../messages/${l}.json`, import.meta.url), 'utf8'))
  const value = { ...read('en'), ...read(locale) }
  cache.set(locale, value)
  return value
}

export function htmlLang(html: string) {
  return /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1]
}

export function titleOf(html: string) {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replaceAll('&amp;', '&').replaceAll('&#x27;', "'").replaceAll('&quot;', '"')
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** axe-core's violations on the page as "rule: targets" lines (the context must bypass the CSP). */
export async function axeViolations(page: Page) {
  await page.addScriptTag({ path: axePath })
  return page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const result = await window.axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map(
      (v: { id: string; nodes: Array<{ target: string[] }> }) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    )
  })
}
