/**
 * The newsletter's sign-up forms as markup (issue 39): the footer's, drawn once per language
 * (page-data/footer-form.ts), address and frequency for all countries; and a guide's and the
 * comparison's, with the countries to tick (a guide's own ticked), carried as drawn parts of those
 * pages. Strings, not React, so they cost no page any script: they are drawn while the page itself
 * renders (a nested React render there would break the page's own), and read back by the browser.
 */
import { routePath } from '../../i18n/paths'
import { m } from '../../paraglide/messages'
import type { Locale } from '../../paraglide/runtime'
import { escapeXml } from '../../seo/xml'
import { countryName } from '../../content/countries'
import { guideCountries } from '../../content/guide-countries'
import { formAction, formsOnline } from './forms-origin'

/** A sign-up form: `countries` lists the countries to tick (those in `chosen` ticked), else the form is for all. */
export function signUpMarkup(locale: Locale, form: { id: string; title: string; countries?: { chosen: readonly string[] } }): string {
  if (!formsOnline) return ''
  const t = (text: string) => escapeXml(text)
  const o = { locale }
  const { id, countries } = form
  const check = (value: string, label: string, checked: boolean) =>
    `<label class="calc-check"><input type="checkbox" name="countries" value="${value}"${checked ? ' checked' : ''}>${t(label)}</label>`
  return [
    `<form method="post" action="${formAction(routePath('/newsletter', locale))}" class="nl-form" aria-labelledby="${id}-title">`,
    `<p id="${id}-title" class="font-display text-lg font-semibold text-ink">${t(form.title)}</p>`,
    '<input type="hidden" name="action" value="subscribe">',
    countries ? '' : '<input type="hidden" name="countries" value="all">',
    `<div class="calc-field"><label for="${id}-email">${t(m.nl_email({}, o))}</label>`,
    `<input id="${id}-email" name="email" type="email" autocomplete="email" required maxlength="254" class="nl-input"></div>`,
    countries
      ? [
          `<fieldset class="calc-field"><legend>${t(m.nl_countries({}, o))}</legend>`,
          check('all', m.nl_all_countries({}, o), countries.chosen.length === 0),
          '<div class="grid grid-cols-2 gap-x-4 sm:grid-cols-3">',
          ...guideCountries.map((code) => check(code, countryName(code, locale), countries.chosen.includes(code))),
          '</div></fieldset>',
        ].join('')
      : '',
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
}

const drawn = new Map<Locale, string>()

export function footerFormMarkup(locale: Locale): string {
  let html = drawn.get(locale)
  if (html === undefined) {
    html = signUpMarkup(locale, { id: 'nl-footer', title: m.nl_form_title({}, { locale }) })
    drawn.set(locale, html)
  }
  return html
}
