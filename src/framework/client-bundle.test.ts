import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { withoutServerFunctionClient, withoutServerLocaleLookup } from './client-bundle'

const dir = new URL('../paraglide/messages/', import.meta.url)
const modules = readdirSync(dir).filter((file) => file.endsWith('.js') && file !== '_index.js')

describe('withoutServerLocaleLookup', () => {
  it('removes the locale lookup and call tracking from every compiled message module', () => {
    expect(modules.length).toBeGreaterThan(50)
    for (const file of modules) {
      const out = withoutServerLocaleLookup(readFileSync(new URL(file, dir), 'utf8'), file)
      expect(out).not.toMatch(/getLocale\(\)|trackMessageCall\(/)
      // The browser's branch reads the page's messages through __paraglide.t, which never throws.
      expect(out).toMatch(/globalThis\)\.__paraglide\.t\("\w+", inputs\)/)
    }
  })

  it('fails loudly when the generated code changes shape', () => {
    expect(() => withoutServerLocaleLookup('export const a = () => "a"', 'a.js')).toThrow(/no longer has the shape/)
  })
})

describe('withoutServerFunctionClient', () => {
  const file = new URL('../../node_modules/@tanstack/start-client-core/dist/esm/client/ServerFunctionSerializationAdapter.js', import.meta.url)

  it('keeps the serializer and its key but never imports the server-function client', () => {
    const out = withoutServerFunctionClient(readFileSync(file, 'utf8'), 'adapter.js')
    expect(out).not.toMatch(/createClientRpc/)
    expect(out).toContain('key: "$TSS/serverfn"')
    expect(out).toContain('No server functions on this site')
  })

  it('fails loudly when Start changes the module', () => {
    expect(() => withoutServerFunctionClient('export const x = 1', 'adapter.js')).toThrow(/no longer has the shape/)
  })
})
