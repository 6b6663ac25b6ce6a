/** Pure URL functions derived from the segments table: localize, parse, and alternates. */
import { isLocale, locales, type Locale } from '../paraglide/runtime'
import { canonicalRoutes, routeTemplates, type CanonicalRoute } from './segments'

export type RouteParams = Record<string, string>

type Template = { route: CanonicalRoute; parts: string[] }

const split = (path: string) => path.split('/').slice(1)

/** Canonical routes, most specific first (sorted once: links are localized on every render). */
const canonicalTemplates: Template[] = canonicalRoutes
  .map((route) => ({ route, parts: split(route) }))
  .sort((a, b) => paramCount(a.parts) - paramCount(b.parts))

/** Localized spellings of every route, most specific first so '/blog/laender/$country' beats '/blog/$slug'. */
const localizedTemplates: Array<Template & { locale: Locale }> = locales
  .flatMap((locale) => canonicalRoutes.map((route) => ({ route, locale, parts: split(routeTemplates[route](locale)) })))
  .sort((a, b) => paramCount(a.parts) - paramCount(b.parts))

function paramCount(parts: string[]) {
  return parts.filter((p) => p.startsWith('$')).length
}

function matchParts(parts: string[], segs: string[]): RouteParams | null {
  if (parts.length !== segs.length) return null
  const params: RouteParams = {}
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]
    const seg = segs[i]
    if (!seg) return null
    if (part.startsWith('$')) params[part.slice(1)] = seg
    else if (part !== seg) return null
  }
  return params
}

function fill(template: string, params: RouteParams) {
  return template.replace(/\$([a-zA-Z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing route parameter: ${name}`)
    return value
  })
}

/** The localized path of a route: ('/blog/countries/$country', {country: 'spanien'}, 'de') → '/de/blog/laender/spanien'. */
export function routePath(route: CanonicalRoute, locale: Locale, params: RouteParams = {}) {
  return `/${locale}${fill(routeTemplates[route](locale), params)}`
}

/** Which route a canonical (unprefixed, English) path is, with its parameters. */
function matchCanonicalPath(pathname: string): { route: CanonicalRoute; params: RouteParams } | null {
  const segs = split(pathname)
  for (const t of canonicalTemplates) {
    const params = matchParts(t.parts, segs)
    if (params) return { route: t.route, params }
  }
  return null
}

/** Canonical path → localized path. Paths that are no route keep their shape under the locale prefix. */
export function localizePath(pathname: string, locale: Locale) {
  const match = matchCanonicalPath(pathname)
  if (match) return routePath(match.route, locale, match.params)
  return pathname === '/' ? `/${locale}` : `/${locale}${pathname}`
}

export type ParsedPath =
  | { kind: 'root' }
  | { kind: 'locale-root'; locale: Locale }
  | {
      kind: 'route'
      locale: Locale
      route: CanonicalRoute
      params: RouteParams
      /** The route as written in src/routes, parameters filled in. */
      canonicalPath: string
      /** The one right spelling of this URL; differs from the request when a segment is another locale's. */
      localizedPath: string
    }
  | { kind: 'unknown'; locale?: Locale }

/** Reads a request path: its locale, its route, and whether it is spelled as the locale spells it. */
export function parsePath(pathname: string): ParsedPath {
  if (pathname === '/') return { kind: 'root' }
  const [first, ...rest] = split(pathname)
  if (!isLocale(first)) return { kind: 'unknown' }
  const locale = first
  if (rest.length === 0 || (rest.length === 1 && rest[0] === '')) return { kind: 'locale-root', locale }
  const trimmed = rest.at(-1) === '' ? rest.slice(0, -1) : rest
  for (const t of localizedTemplates) {
    const params = matchParts(t.parts, trimmed)
    if (!params) continue
    return {
      kind: 'route',
      locale,
      route: t.route,
      params,
      canonicalPath: fill(t.route, params),
      localizedPath: routePath(t.route, locale, params),
    }
  }
  return { kind: 'unknown', locale }
}

/** Strips the locale and localized segments: '/de/ueber-uns' → '/about'. Unknown paths lose only the prefix. */
export function deLocalizePath(pathname: string) {
  const parsed = parsePath(pathname)
  if (parsed.kind === 'route') return parsed.canonicalPath
  if (parsed.kind === 'locale-root') return '/'
  if (parsed.kind === 'unknown' && parsed.locale) return pathname.slice(parsed.locale.length + 1) || '/'
  return pathname
}

/** A page's URL in a locale; `translated: false` marks a fallback page, left out of hreflang. */
export type Alternate = { locale: Locale; path: string; translated?: boolean }

/** Alternates of a page that exists in every locale under the same parameters (static pages, blog index). */
export function alternatesForRoute(route: CanonicalRoute, params: RouteParams = {}): Alternate[] {
  return locales.map((locale) => ({ locale, path: routePath(route, locale, params) }))
}

/** A slug or country parameter that could name something: anything longer or stranger is not found. */
export function isPlausibleParam(value: string) {
  return value.length > 0 && value.length <= 120
}
