/** The visitor's analytics choice, kept in a first-party cookie (COOKIES.consent: strictly necessary, 365 days). */
import { browserCookie, readBrowserCookie } from '../config/cookies'

export type Consent = 'granted' | 'denied'

export function readConsent(cookies: string): Consent | null {
  const value = readBrowserCookie(cookies, 'consent')
  return value === 'granted' || value === 'denied' ? value : null
}

const listeners = new Set<() => void>()
const notify = () => {
  for (const listener of listeners) listener()
}

/**
 * Whether the visitor asked to see the banner again ("Privacy choices" in the footer). Kept here,
 * not in the banner's state, so that a click made before the banner's code has loaded still counts.
 */
let choicesOpen = false
export const privacyChoicesOpen = () => choicesOpen
export function openPrivacyChoices() {
  choicesOpen = true
  notify()
}

/** For useSyncExternalStore: the choice lives in a cookie, outside React. */
export function subscribeConsent(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function saveConsent(consent: Consent) {
  document.cookie = browserCookie('consent', consent)
  choicesOpen = false
  notify()
}
