// Compiles the Paraglide runtime and messages outside Vite (for typecheck, unit tests, scripts).
import { compile } from '@inlang/paraglide-js'
import { paraglideOptions } from '../src/i18n/paraglide-options'

await compile(paraglideOptions)
// The compiler leaves long timers alive; nothing else is pending once it has written its files.
process.exit(0)
