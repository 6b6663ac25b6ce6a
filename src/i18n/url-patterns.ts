/**
 * Paraglide `urlPatterns` built from the segments table. Imports no generated code, because
 * vite.config.ts needs it before Paraglide has compiled its runtime.
 */
import type { Locale } from '../paraglide/runtime'
import { canonicalRoutes, routeTemplates, segments } from './segments'

const toPattern = (p: string) => p.replace(/\$([a-zA-Z]+)/g, ':$1')
const paramCount = (p: string) => (p.match(/\$/g) ?? []).length
const inTable = (l: string): l is Locale => Object.hasOwn(segments.countries, l)

export function paraglideUrlPatterns(projectLocales: readonly string[]) {
  const locales = projectLocales.map((l) => {
    if (!inTable(l)) throw new Error(`Locale ${l} of project.inlang has no row in src/i18n/segments.ts`)
    return l
  })
  const routes = [...canonicalRoutes].sort((a, b) => paramCount(a) - paramCount(b))
  return [
    ...routes.map((route) => ({
      pattern: toPattern(route),
      localized: locales.map((l): [Locale, string] => [l, `/${l}${toPattern(routeTemplates[route](l))}`]),
    })),
    {
      pattern: '/:path(.*)?',
      localized: locales.map((l): [Locale, string] => [l, `/${l}/:path(.*)?`]),
    },
  ]
}
