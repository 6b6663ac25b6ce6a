/**
 * Every cookie the site sets, by name and attributes, in one place (issue 36): the reader's
 * language, their analytics choice, an editor's preview of drafts, an editor's session in the
 * editorial interface. On the server every cookie is read and written with cookie-es, the library
 * Start's own `getCookie`/`setCookie` use. In the browser, where the site reads two cookies and
 * writes two, a few lines below do it instead: cookie-es would add 1.4 KB of gzip to every page
 * (decision 025); the unit test holds them to cookie-es's reading and writing.
 */
import { parse, serialize, type CookieSerializeOptions } from 'cookie-es'

const DAY = 86_400

/** The language a reader chose in the language picker; read where the URL has none (`/`). */
const LOCALE = { name: 'PARAGLIDE_LOCALE', path: '/', maxAge: 400 * DAY, sameSite: 'lax' } as const
/** The reader's analytics choice (strictly necessary, a year). */
const CONSENT = { name: 'ea_consent', path: '/', maxAge: 365 * DAY, sameSite: 'lax' } as const
/** The cookies the browser reads and writes too: only these reach its bundle (no spread, so the rest is shaken off). */
const IN_BROWSER = { locale: LOCALE, consent: CONSENT }

export const COOKIES = {
  locale: LOCALE,
  consent: CONSENT,
  /** An editor's preview of drafts and scheduled posts (`?preview=<PREVIEW_TOKEN>`), a day. */
  preview: { name: 'ea_preview', path: '/', maxAge: DAY, httpOnly: true, sameSite: 'lax' },
  /** An editor's signed session in the editorial interface (its lifetime: server/cms/session.ts). */
  session: { name: 'ea_admin', path: '/', httpOnly: true, secure: true, sameSite: 'strict' },
} as const satisfies Record<string, { name: string } & CookieSerializeOptions>

export type CookieName = keyof typeof COOKIES

/** On the server: a cookie's value in a request's Cookie header, or undefined. */
export function readCookie(header: string | null | undefined, cookie: CookieName): string | undefined {
  return header ? parse(header)[COOKIES[cookie].name] : undefined
}

/** On the server: the Set-Cookie header for a cookie, with its attributes and any changes (Secure on https, Max-Age 0 to end it). */
export function setCookieHeader(cookie: CookieName, value: string, changes: CookieSerializeOptions = {}): string {
  const { name, ...attributes } = COOKIES[cookie]
  return serialize(name, value, { ...attributes, ...changes })
}

/** In the browser: a cookie's value in `document.cookie`, or undefined (the site's values are plain tokens). */
export function readBrowserCookie(cookies: string, cookie: keyof typeof IN_BROWSER): string | undefined {
  const prefix = `${IN_BROWSER[cookie].name}=`
  for (const part of cookies.split(';')) {
    const entry = part.trim()
    if (entry.startsWith(prefix)) return entry.slice(prefix.length)
  }
  return undefined
}

/** In the browser: what to assign to `document.cookie` to set a cookie to a plain token. */
export function browserCookie(cookie: keyof typeof IN_BROWSER, value: string): string {
  const { name, path, maxAge } = IN_BROWSER[cookie]
  return `${name}=${value}; Path=${path}; Max-Age=${maxAge}; SameSite=Lax`
}
