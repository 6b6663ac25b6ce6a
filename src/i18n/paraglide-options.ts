/** Paraglide's compiler options, shared by vite.config.ts and scripts/paraglide.ts. */
import { readFileSync } from 'node:fs'
import type { CompilerOptions } from '@inlang/paraglide-js'
import { z } from 'zod'
import { paraglideUrlPatterns } from './url-patterns'

const settings = z
  .object({ locales: z.array(z.string()).min(1) })
  .parse(JSON.parse(readFileSync(new URL('../../project.inlang/settings.json', import.meta.url), 'utf8')))

export const paraglideOptions: CompilerOptions = {
  project: './project.inlang',
  outdir: './src/paraglide',
  outputStructure: 'message-modules',
  cookieName: 'PARAGLIDE_LOCALE',
  cookieMaxAge: 34_560_000,
  strategy: ['url', 'cookie', 'preferredLanguage', 'baseLocale'],
  routeStrategies: [
    { match: '/api/:path(.*)?', exclude: true },
    { match: '/_serverFn/:path(.*)?', exclude: true },
  ],
  urlPatterns: paraglideUrlPatterns(settings.locales),
  // The browser gets only its page's locale: the server injects that locale's messages into the
  // HTML and the client bundle carries none (decision 006). `isServer` must be a constant Vite can
  // fold in the client build, and still work in plain Node (scripts, unit tests).
  experimentalMiddlewareLocaleSplitting: true,
  isServer: "(typeof import.meta.env === 'object' ? import.meta.env.SSR : typeof window === 'undefined')",
}
