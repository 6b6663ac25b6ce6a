// Compiles the Paraglide runtime and messages outside Vite (for the build, typecheck, unit tests
// and scripts), with the options the app uses at run time.
import { readFileSync, writeFileSync } from 'node:fs'
import { compile } from '@inlang/paraglide-js'
import { paraglideOptions } from '../src/i18n/paraglide-options'

await compile(paraglideOptions)

// The runtime imports a URLPattern polyfill for its URL functions. The browser build never calls
// them (src/i18n/paths.ts localizes links), so the polyfill moves to the server entry, where Node
// older than 23.8 needs it.
const runtime = `${paraglideOptions.outdir}/runtime.js`
const polyfill = 'import "@inlang/paraglide-js/urlpattern-polyfill";\n'
const source = readFileSync(runtime, 'utf8')
if (!source.includes(polyfill)) throw new Error(`Expected the URLPattern polyfill import in ${runtime}`)
writeFileSync(runtime, source.replace(polyfill, ''))

// The compiler leaves long timers alive; nothing else is pending once it has written its files.
process.exit(0)
