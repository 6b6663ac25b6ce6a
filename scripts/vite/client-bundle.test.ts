import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { withoutServerLocaleLookup } from './client-bundle'

const dir = new URL('../../src/paraglide/messages/', import.meta.url)
const modules = readdirSync(dir).filter((file) => file.endsWith('.js') && file !== '_index.js')

describe('withoutServerLocaleLookup', () => {
  it('removes the locale lookup and call tracking from every compiled message module', () => {
    expect(modules.length).toBeGreaterThan(50)
    for (const file of modules) {
      const out = withoutServerLocaleLookup(readFileSync(new URL(file, dir), 'utf8'), file)
      expect(out).not.toMatch(/getLocale\(\)|trackMessageCall\(/)
      // The browser's branch, the injected messages, stays.
      expect(out).toContain('globalThis).__paraglide.ssr.')
    }
  })

  it('fails loudly when the generated code changes shape', () => {
    expect(() => withoutServerLocaleLookup('export const a = () => "a"', 'a.js')).toThrow(/no longer has the shape/)
  })
})
