/** The visitor's analytics choice, kept in a first-party cookie (strictly necessary, 365 days). */
const CONSENT_COOKIE = 'ea_consent'
export type Consent = 'granted' | 'denied'

export function readConsent(cookieHeader: string): Consent | null {
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === CONSENT_COOKIE && (value === 'granted' || value === 'denied')) return value
  }
  return null
}

function consentCookie(consent: Consent) {
  return `${CONSENT_COOKIE}=${consent}; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax`
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
  document.cookie = consentCookie(consent)
  choicesOpen = false
  notify()
}
