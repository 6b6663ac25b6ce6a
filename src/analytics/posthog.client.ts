/**
 * posthog-js, loaded on demand after the page is interactive. Until the visitor consents it keeps
 * everything in memory: no cookie, no localStorage (docs/decisions/005).
 */
import type { PostHog } from 'posthog-js'
import { ANALYTICS } from '../config/constants'
import type { Consent } from './consent'

let posthog: PostHog | null = null
let page: { url: string; since: number } | null = null
/** The latest choice, whenever it was made: before, during or after the library loads. */
let consent: Consent | null = null

/** Query parameters analytics never keeps: a newsletter link's signed token (issue 39). */
const PRIVATE_PARAMS = ['t']

/** A URL as analytics records it, without its private parameters. */
export function analyticsUrl(url: string): string {
  if (!/[?&]t=/.test(url)) return url
  const parsed = new URL(url, 'http://local')
  for (const name of PRIVATE_PARAMS) parsed.searchParams.delete(name)
  return /^https?:/.test(url) ? parsed.toString() : `${parsed.pathname}${parsed.search}${parsed.hash}`
}

const persistenceFor = (consent: Consent | null) => (consent === 'granted' ? 'localStorage+cookie' : 'memory')

export async function startAnalytics(key: string, initial: Consent | null) {
  if (posthog) return posthog
  consent = consent ?? initial
  const { default: client } = await import('posthog-js')
  client.init(key, {
    api_host: '/api/ph',
    ui_host: 'https://eu.posthog.com',
    persistence: persistenceFor(consent),
    capture_pageview: false,
    capture_pageleave: true,
    capture_exceptions: true,
    enable_heatmaps: true,
    capture_performance: true,
    person_profiles: 'always',
    session_idle_timeout_seconds: ANALYTICS.sessionIdleTimeoutSeconds,
    cookie_expiration: ANALYTICS.cookieExpirationDays,
    feature_flag_request_timeout_ms: ANALYTICS.featureFlagRequestTimeoutMs,
    surveys_request_timeout_ms: ANALYTICS.surveyTimeoutMs,
    properties_string_max_length: ANALYTICS.maxPropertyStringLength,
    // The unload page leave is sent by posthog-js; give it the time spent like ours below.
    before_send: (event) => {
      if (event?.event === '$pageleave' && page && event.properties) {
        event.properties.$current_url = page.url
        event.properties.duration_ms = Date.now() - page.since
      }
      // Every event (heatmaps, errors, …) carries the page's URL: never a signed link's token.
      if (event?.properties && typeof event.properties.$current_url === 'string') {
        event.properties.$current_url = analyticsUrl(event.properties.$current_url)
      }
      return event
    },
    on_request_error: (response) => {
      console.warn('Bad HTTP status', response.statusCode)
    },
  })
  posthog = client
  return client
}

/** Called on every resolved navigation, the first included. */
export function trackPageview(href: string) {
  if (!posthog) return
  const url = analyticsUrl(href)
  if (page && page.url !== url) {
    posthog.capture('$pageleave', { $current_url: page.url, duration_ms: Date.now() - page.since })
  }
  page = { url, since: Date.now() }
  posthog.capture('$pageview', { $current_url: url })
}

export function applyConsent(choice: Consent) {
  consent = choice
  posthog?.set_config({ persistence: persistenceFor(choice) })
}

export function identifyUser(user: { email: string; name: string } | null) {
  if (posthog && user?.email) posthog.identify(user.email, { email: user.email, name: user.name })
}
