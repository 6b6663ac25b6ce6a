import { Link, useRouter } from '@tanstack/react-router'
import { createClientOnlyFn } from '@tanstack/react-start'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { privacyChoicesOpen, readConsent, saveConsent, subscribeConsent, type Consent } from '../analytics/consent'
import { useAuth } from '../auth/auth'
import { m } from '../paraglide/messages'

type Client = typeof import('../analytics/posthog.client')

/** The analytics module exists only in the browser build; the server never sees the import. */
const loadClient = createClientOnlyFn(() => import('../analytics/posthog.client'))

/**
 * Starts analytics and renders the consent banner while the choice is open. The root route loads
 * this module only once the page is idle (`<WhenIdle>`), so none of it is in a page's initial
 * JavaScript.
 */
export function Analytics({ posthogKey }: { posthogKey: string }) {
  const router = useRouter()
  const { user } = useAuth()
  // undefined while rendering on the server: the banner appears only in the browser.
  const consent = useSyncExternalStore(
    subscribeConsent,
    () => readConsent(document.cookie),
    () => undefined,
  )
  const reopened = useSyncExternalStore(subscribeConsent, privacyChoicesOpen, () => false)
  const [client, setClient] = useState<Client | null>(null)

  useEffect(() => {
    let cancelled = false
    const start = () =>
      loadClient().then(async (module) => {
        // Read the choice now: the visitor may have answered the banner before the library arrived.
        await module.startAnalytics(posthogKey, readConsent(document.cookie))
        if (!cancelled) setClient(module)
      })
    const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(() => void start()) : setTimeout(() => void start(), 1))
    if (document.readyState === 'complete') idle()
    else window.addEventListener('load', idle, { once: true })
    return () => {
      cancelled = true
      window.removeEventListener('load', idle)
    }
  }, [posthogKey])

  useEffect(() => {
    if (!client) return
    client.identifyUser(user)
    client.trackPageview(window.location.href)
    return router.subscribe('onResolved', () => client.trackPageview(window.location.href))
  }, [client, router, user])

  if (consent === undefined || (consent !== null && !reopened)) return null
  const choose = (choice: Consent) => {
    saveConsent(choice)
    void loadClient().then((module) => module.applyConsent(choice))
  }
  return (
    <section
      role="region"
      aria-label={m.consent_choices()}
      data-testid="consent-banner"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-2xl rounded-xl border border-line bg-surface p-4 shadow-xl sm:inset-x-6 sm:p-5"
    >
      <p className="text-sm text-ink">{m.consent_text()}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button type="button" className="btn-primary" onClick={() => choose('granted')}>
          {m.consent_accept()}
        </button>
        <button type="button" className="btn-secondary" onClick={() => choose('denied')}>
          {m.consent_decline()}
        </button>
        <Link to="/privacy" className="btn-link inline-flex items-center">
          {m.consent_more()}
        </Link>
      </div>
    </section>
  )
}
