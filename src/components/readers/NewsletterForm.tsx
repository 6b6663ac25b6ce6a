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
import { EmailField, RobotTrap } from './form-parts'
import { formAction, formsOnline } from './forms-origin'

type Answer = { state: string; message: string } | null

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

/** The sign-up form of the newsletter page (the footer's, a guide's and the comparison's are drawn by the server). */
export function NewsletterForm({ id }: { id: string }) {
  const locale = getLocale()
  const [answer, setAnswer] = useState<Answer>(null)
  const [sending, setSending] = useState(false)
  const action = formAction(routePath('/newsletter', locale))

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
  // A static export without an API origin takes no sign-ups: the newsletter page says so.
  if (!formsOnline) return id === 'nl-page' ? <p className="text-ink-2">{m.nl_error_off()}</p> : null
  return (
    <form method="post" action={action} onSubmit={submit} className="nl-form" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="font-display text-lg font-semibold text-ink">
        {m.nl_form_title()}
      </p>
      <input type="hidden" name="action" value="subscribe" />
      <EmailField id={`${id}-email`} label={m.nl_email()} />
      <CountriesField chosen={[]} />
      <FrequencyField weekly={false} />
      <RobotTrap />
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
