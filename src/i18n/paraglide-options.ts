/** Paraglide's compiler options, shared by vite.config.ts and scripts/paraglide.ts. */
import type { CompilerOptions } from '@inlang/paraglide-js'

export const paraglideOptions: CompilerOptions = {
  project: './project.inlang',
  outdir: './src/paraglide',
  outputStructure: 'message-modules',
  // Paraglide resolves no locale and writes no cookie here: the server entry gives each request its
  // locale (src/framework/locale-request.server.ts), the browser reads it from the page
  // (src/i18n/locale.ts), both in the spec's order (src/i18n/resolve.ts), and the cookie is ours
  // (COOKIES.locale in src/config/cookies.ts). Outside a request — scripts, unit tests — messages
  // are in the base locale unless asked for another.
  strategy: ['baseLocale'],
  // The browser gets only its page's locale: the server injects that locale's messages into the
  // HTML and the client bundle carries none (decision 006). `isServer` must be a constant Vite can
  // fold in the client build, and still work in plain Node (scripts, unit tests).
  experimentalMiddlewareLocaleSplitting: true,
  isServer: "(typeof import.meta.env === 'object' ? import.meta.env.SSR : typeof window === 'undefined')",
}
