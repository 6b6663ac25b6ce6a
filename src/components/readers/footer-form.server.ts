/**
 * The footer's newsletter form as markup, drawn once per language (issue 39; page-data/footer-form.ts):
 * the email and frequency of NewsletterForm for all countries, written as a string because it is drawn while the
 * page itself renders (a nested React render there would break the page's own).
 */
import { routePath } from '../../i18n/paths'
import { m } from '../../paraglide/messages'
import type { Locale } from '../../paraglide/runtime'
import { escapeXml } from '../../seo/xml'
import { formAction, formsOnline } from './forms-origin'

const drawn = new Map<Locale, string>()

export function footerFormMarkup(locale: Locale): string {
  if (!formsOnline) return ''
  let html = drawn.get(locale)
  if (html === undefined) {
    const t = (text: string) => escapeXml(text)
    const o = { locale }
    html = [
      `<form method="post" action="${formAction(routePath('/newsletter', locale))}" class="nl-form" aria-labelledby="nl-footer-title">`,
      `<p id="nl-footer-title" class="font-display text-lg font-semibold text-ink">${t(m.nl_form_title({}, o))}</p>`,
      '<input type="hidden" name="action" value="subscribe"><input type="hidden" name="countries" value="all">',
      `<div class="calc-field"><label for="nl-footer-email">${t(m.nl_email({}, o))}</label>`,
      '<input id="nl-footer-email" name="email" type="email" autocomplete="email" required maxlength="254" class="nl-input"></div>',
      `<fieldset class="calc-field"><legend>${t(m.nl_frequency({}, o))}</legend>`,
      `<label class="calc-check"><input type="radio" name="frequency" value="changes" checked>${t(m.nl_frequency_changes({}, o))}</label>`,
      `<label class="calc-check"><input type="radio" name="frequency" value="weekly">${t(m.nl_frequency_weekly({}, o))}</label></fieldset>`,
      // Left empty by people, who do not see it; filled by robots that fill every field.
      '<div class="nl-trap" aria-hidden="true"><label>Website <input name="website" tabindex="-1" autocomplete="off"></label></div>',
      `<p class="text-sm text-ink-2">${t(m.nl_consent({}, o))}</p>`,
      `<div><button type="submit" class="btn-primary">${t(m.nl_submit({}, o))}</button></div>`,
      '<p role="status" class="text-sm font-semibold text-ink"></p>',
      '</form>',
    ].join('')
    drawn.set(locale, html)
  }
  return html
}
