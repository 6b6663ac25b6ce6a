/**
 * The contact and partner forms (issue 39): name, address, topic, message and consent, posted to
 * the page itself. Without JavaScript the server answers with the page again, saying what became of
 * the message, and after a refusal with what was written filled in. With it, the browser solves the
 * server's proof-of-work challenge while the reader writes, sends the form in place and says the
 * server's answer (already in the page's language) beside the button.
 */
import { useRef, useState, type FormEvent } from 'react'
import { getLocale } from '../../i18n/locale'
import { routePath } from '../../i18n/paths'
import { m } from '../../paraglide/messages'
import type { ContactSearch } from './contact-search'
import { EmailField, RobotTrap } from './form-parts'
import { formAction, formsOnline } from './forms-origin'

const CHALLENGE_PATH = '/api/readers/challenge'

const topics = [
  ['correction', () => m.cf_topic_correction()],
  ['question', () => m.cf_topic_question()],
  ['partnership', () => m.cf_topic_partnership()],
  ['other', () => m.cf_topic_other()],
] as const

const stateText: Record<string, () => string> = {
  sent: () => m.cf_sent(),
  'error-fields': () => m.cf_error_fields(),
  'error-limit': () => m.cf_error_limit(),
  'error-check': () => m.cf_error_check(),
}

export function ContactForm({ kind, search }: { kind: 'contact' | 'partner'; search: ContactSearch }) {
  const locale = getLocale()
  const action = formAction(routePath(kind === 'partner' ? '/partner-with-us' : '/contact-us', locale))
  const [answer, setAnswer] = useState<{ state: string; message: string } | null>(
    search.state && stateText[search.state] ? { state: search.state, message: stateText[search.state]() } : null,
  )
  const [phase, setPhase] = useState<'idle' | 'checking' | 'sending'>('idle')
  // The proof of work starts once, when the reader starts writing, and is ready by the time they send.
  const proof = useRef<Promise<string | null> | null>(null)
  const startProof = () => {
    proof.current ??= import('../../page-data/proof-of-work').then(({ proofOfWork }) => proofOfWork(formAction(CHALLENGE_PATH))).catch(() => null)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const body = new FormData(form)
    setPhase('checking')
    startProof()
    const solved = await proof.current
    // A challenge is good once: the next message solves a new one.
    proof.current = null
    if (solved) body.set('altcha', solved)
    setPhase('sending')
    try {
      const response = await fetch(action, { method: 'POST', body, headers: { accept: 'application/json' } })
      const next = (await response.json()) as { state: string; message: string }
      setAnswer(next)
      if (response.ok) form.reset()
    } catch {
      // Offline or refused: the form is sent the plain way, and the server answers with a page.
      form.submit()
    } finally {
      setPhase('idle')
    }
  }

  // A static export without an API origin: the page's addresses, above, are the way to write.
  if (!formsOnline) return <p className="mt-12 border-t border-line pt-8 text-ink-2">{m.cf_error_off()}</p>
  const sent = answer?.state === 'sent'
  const prefilled = sent ? {} : search
  const topic = prefilled.topic ?? (kind === 'partner' ? 'partnership' : '')
  return (
    <section aria-labelledby="cf-title" className="mt-12 border-t border-line pt-8">
      <h2 id="cf-title" className="font-display text-2xl font-semibold text-ink">
        {kind === 'partner' ? m.cf_title_partner() : m.cf_title_contact()}
      </h2>
      <p className="mt-2 text-ink-2">{m.cf_intro()}</p>
      <form method="post" action={action} onSubmit={submit} onFocus={startProof} className="nl-form mt-6" aria-labelledby="cf-title">
        <div className="calc-field">
          <label htmlFor="cf-name">{m.cf_name()}</label>
          <input id="cf-name" name="name" autoComplete="name" required maxLength={200} className="nl-input" defaultValue={prefilled.name} />
        </div>
        <EmailField id="cf-email" label={m.cf_email()} value={prefilled.email} />
        <div className="calc-field">
          <label htmlFor="cf-topic">{m.cf_topic()}</label>
          <select id="cf-topic" name="topic" required defaultValue={topic}>
            <option value="">{m.cf_topic_choose()}</option>
            {topics.map(([value, label]) => (
              <option key={value} value={value}>
                {label()}
              </option>
            ))}
          </select>
        </div>
        <div className="calc-field">
          <label htmlFor="cf-message">{m.cf_message()}</label>
          <textarea
            id="cf-message"
            name="message"
            required
            maxLength={10_000}
            rows={7}
            aria-describedby="cf-message-hint"
            className="nl-input py-2"
            defaultValue={prefilled.message}
          />
          <p id="cf-message-hint" className="text-sm text-ink-2">
            {m.cf_message_hint()}
          </p>
        </div>
        <RobotTrap />
        <label className="calc-check items-start">
          <input type="checkbox" name="consent" value="yes" required className="mt-1 shrink-0" />
          <span className="text-sm">{m.cf_consent()}</span>
        </label>
        <div>
          <button type="submit" className="btn-primary" disabled={phase !== 'idle'}>
            {phase === 'checking' ? m.cf_checking() : phase === 'sending' ? m.nl_sending() : m.cf_submit()}
          </button>
        </div>
        <p role="status" className={sent ? 'text-sm font-semibold text-ink' : 'calc-error'}>
          {answer?.message ?? ''}
        </p>
      </form>
    </section>
  )
}

/** At the top of the page, what became of the form sent without JavaScript (the form is further down). */
export function ContactNotice({ kind, state }: { kind: 'contact' | 'partner'; state?: string }) {
  const text = state ? stateText[state] : undefined
  if (!text) return null
  const sent = state === 'sent'
  return (
    <div role={sent ? 'status' : 'alert'} className="mt-6 rounded-lg border border-line p-4">
      {sent ? <p className="font-display text-lg font-semibold text-ink">{m.cf_sent_title()}</p> : null}
      <p className={sent ? 'mt-1' : 'calc-error text-base'}>
        {text()} {sent ? null : <a href="#cf-title">{kind === 'partner' ? m.cf_title_partner() : m.cf_title_contact()}</a>}
      </p>
    </div>
  )
}
