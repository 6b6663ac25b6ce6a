/**
 * The newsletter sign-up on the newsletter page (issue 39): every country to pick, how often. A
 * plain POST to the page works without JavaScript; with it the form asks for JSON and says the
 * answer in place with the server's words. Country names come from the browser's own
 * Intl.DisplayNames, so no list of names is sent. The footer's short form is drawn on the server
 * (footer-form.server.ts); the settings form (NewsletterPage.tsx) shares the two fieldsets below.
 */
import { useState, type FormEvent } from 'react'
import { guideCountries } from '../../content/guide-countries'
import { getLocale } from '../../i18n/locale'
import { routePath } from '../../i18n/paths'
import { m } from '../../paraglide/messages'

type Answer = { state: string; message: string } | null

/**
 * A static export has no server to take the form: it is left out there (decision 029) until the
 * export can post to a configured API origin.
 */
export const formsOnline = import.meta.env.VITE_STATIC_EXPORT !== '1'

/** The countries to follow: "all" ticked when none is chosen (the page's default). */
export function CountriesField({ chosen }: { chosen: readonly string[] }) {
  const names = new Intl.DisplayNames([getLocale()], { type: 'region' })
  return (
    <fieldset className="calc-field">
      <legend>{m.nl_countries()}</legend>
      <label className="calc-check">
        <input type="checkbox" name="countries" value="all" defaultChecked={chosen.length === 0} />
        {m.nl_all_countries()}
      </label>
      <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
        {guideCountries.map((code) => (
          <label key={code} className="calc-check">
            <input type="checkbox" name="countries" value={code} defaultChecked={chosen.includes(code)} />
            {names.of(code)}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** How often: when something changes (the default) or a weekly digest. */
export function FrequencyField({ weekly }: { weekly: boolean }) {
  return (
    <fieldset className="calc-field">
      <legend>{m.nl_frequency()}</legend>
      <label className="calc-check">
        <input type="radio" name="frequency" value="changes" defaultChecked={!weekly} />
        {m.nl_frequency_changes()}
      </label>
      <label className="calc-check">
        <input type="radio" name="frequency" value="weekly" defaultChecked={weekly} />
        {m.nl_frequency_weekly()}
      </label>
    </fieldset>
  )
}

export function NewsletterForm({ id }: { id: string }) {
  const locale = getLocale()
  const [answer, setAnswer] = useState<Answer>(null)
  const [sending, setSending] = useState(false)
  const action = routePath('/newsletter', locale)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSending(true)
    try {
      const response = await fetch(action, { method: 'POST', body: new FormData(event.currentTarget), headers: { accept: 'application/json' } })
      setAnswer((await response.json()) as { state: string; message: string })
    } catch {
      setAnswer({ state: 'error-form', message: m.nl_error_form() })
    } finally {
      setSending(false)
    }
  }

  const ok = answer?.state === 'check-inbox'
  if (!formsOnline) return null
  return (
    <form method="post" action={action} onSubmit={submit} className="nl-form" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="font-display text-lg font-semibold text-ink">
        {m.nl_form_title()}
      </p>
      <input type="hidden" name="action" value="subscribe" />
      <div className="calc-field">
        <label htmlFor={`${id}-email`}>{m.nl_email()}</label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="email" required maxLength={254} className="nl-input" />
      </div>
      <CountriesField chosen={[]} />
      <FrequencyField weekly={false} />
      {/* Left empty by people, who do not see it; filled by robots that fill every field. */}
      <div className="nl-trap" aria-hidden="true">
        <label>
          Website
          <input name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <p className="text-sm text-ink-2">{m.nl_consent()}</p>
      <div>
        <button type="submit" className="btn-primary" disabled={sending}>
          {sending ? m.nl_sending() : m.nl_submit()}
        </button>
      </div>
      <p role="status" className={ok ? 'text-sm font-semibold text-ink' : 'calc-error'}>
        {answer?.message ?? ''}
      </p>
    </form>
  )
}
