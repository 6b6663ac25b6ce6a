/**
 * The newsletter's page (issue 39): what it is and the sign-up form, or where a reader stands after
 * a step: check your inbox, confirm, confirmed, settings (from a mail's signed link), unsubscribed,
 * erased, or what went wrong. Every action is a form posted to this page (server/readers/site.ts).
 */
import { Link } from '@tanstack/react-router'
import { getLocale } from '../../i18n/locale'
import { languages } from '../../i18n/languages'
import { routePath } from '../../i18n/paths'
import { m } from '../../paraglide/messages'
import { formAction } from './forms-origin'
import { locales } from '../../paraglide/runtime'
import { CountriesField, FrequencyField, NewsletterForm } from './NewsletterForm'

export type NewsletterSearch = { state?: string; t?: string; countries?: string; frequency?: string; lang?: string }

const banners: Record<string, { title: () => string; text: () => string; error?: boolean }> = {
  'check-inbox': { title: () => m.nl_check_inbox_title(), text: () => m.nl_check_inbox() },
  confirm: { title: () => m.nl_confirm_title(), text: () => m.nl_confirm() },
  confirmed: { title: () => m.nl_confirmed_title(), text: () => m.nl_confirmed() },
  invalid: { title: () => m.nl_invalid_title(), text: () => m.nl_invalid(), error: true },
  preferences: { title: () => m.nl_preferences_title(), text: () => '' },
  saved: { title: () => m.nl_preferences_title(), text: () => m.nl_saved() },
  unsubscribed: { title: () => m.nl_unsubscribed_title(), text: () => m.nl_unsubscribed() },
  erased: { title: () => m.nl_erased_title(), text: () => m.nl_erased() },
  'error-email': { title: () => m.nl_form_title(), text: () => m.nl_error_email(), error: true },
  'error-form': { title: () => m.nl_form_title(), text: () => m.nl_error_form(), error: true },
  'error-limit': { title: () => m.nl_form_title(), text: () => m.nl_error_limit(), error: true },
}

function Preferences({ search }: { search: NewsletterSearch }) {
  const locale = getLocale()
  const chosen = search.countries === 'all' || !search.countries ? [] : search.countries.split(',')
  const action = formAction(routePath('/newsletter', locale))
  return (
    <>
      <form method="post" action={action} className="nl-form mt-6">
        <input type="hidden" name="action" value="save" />
        <input type="hidden" name="t" value={search.t} />
        <CountriesField chosen={chosen} />
        <FrequencyField weekly={search.frequency === 'weekly'} />
        <div className="calc-field">
          <label htmlFor="nl-language">{m.nl_language()}</label>
          <select id="nl-language" name="locale" defaultValue={search.lang ?? locale} className="nl-input">
            {locales.map((l) => (
              <option key={l} value={l} lang={l}>
                {languages[l].label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button type="submit" className="btn-primary">
            {m.nl_save()}
          </button>
        </div>
      </form>
      <div className="mt-8 flex flex-wrap gap-3">
        {(
          [
            ['export', m.nl_export()],
            ['unsubscribe', m.nl_unsubscribe()],
            ['erase', m.nl_erase()],
          ] as const
        ).map(([value, label]) => (
          <form key={value} method="post" action={action} id={value === 'unsubscribe' ? 'unsubscribe' : undefined}>
            <input type="hidden" name="action" value={value} />
            <input type="hidden" name="t" value={search.t} />
            <button type="submit" className="btn-secondary">
              {label}
            </button>
          </form>
        ))}
      </div>
    </>
  )
}

export function NewsletterPage({ search }: { search: NewsletterSearch }) {
  const locale = getLocale()
  const banner = search.state ? banners[search.state] : undefined
  const withToken = Boolean(search.t)
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-display text-3xl font-semibold">{banner?.title() ?? m.nl_title()}</h1>
      {banner?.text() ? (
        <p role={banner.error ? 'alert' : 'status'} className={banner.error ? 'calc-error mt-4 text-base' : 'mt-4 text-lg'}>
          {banner.text()}
        </p>
      ) : null}
      {search.state === 'confirm' && withToken ? (
        <form method="post" action={formAction(routePath('/newsletter', locale))} className="mt-6">
          <input type="hidden" name="action" value="confirm" />
          <input type="hidden" name="t" value={search.t} />
          <button type="submit" className="btn-primary">
            {m.nl_confirm_button()}
          </button>
        </form>
      ) : (search.state === 'preferences' || search.state === 'saved') && withToken ? (
        <Preferences search={search} />
      ) : search.state === 'confirmed' || search.state === 'check-inbox' ? null : (
        <>
          <p className="mt-4 text-lg text-ink-2">{m.nl_intro()}</p>
          <div className="mt-8">
            <NewsletterForm id="nl-page" />
          </div>
        </>
      )}
      <p className="mt-10 text-sm">
        <Link to="/privacy" className="btn-link !px-0">
          {m.nl_privacy_link()}
        </Link>
      </p>
    </div>
  )
}
