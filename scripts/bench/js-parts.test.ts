import { describe, expect, it } from 'vitest'
import { attribute, partOf } from './js-parts'

describe('what a chunk is made of', () => {
  it('names the part of a source path', () => {
    expect(partOf('../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('React')
    expect(partOf('../../node_modules/@tanstack/router-core/dist/esm/router.js')).toBe('Router')
    expect(partOf('../../node_modules/@tanstack/query-core/build/modern/query.js')).toBe('Query')
    expect(partOf('../../node_modules/@tanstack/start-client-core/dist/esm/index.js')).toBe('Start')
    expect(partOf('../../src/paraglide/runtime.js')).toBe('Paraglide runtime')
    expect(partOf('../../src/components/SiteHeader.tsx')).toBe('our code')
    expect(partOf('../../node_modules/posthog-js/dist/module.js')).toBe('other packages')
  })

  it('counts each mapped segment up to the next mapping, the rest as the bundler', () => {
    // "AAAA" maps column 0 to source 0; ",KAAC" moves 5 columns on and to source 1.
    const code = 'react+ours;\n'
    const map = { version: '3', sources: ['node_modules/react/index.js', 'src/app.ts'], names: [], mappings: 'AAAA,KCAA', file: 'x.js' }
    const bytes = attribute(code, map)
    expect(bytes.get('React')).toBe(5)
    expect(bytes.get('our code')).toBe(6)
    expect(bytes.get('bundler')).toBe(1)
  })
})
