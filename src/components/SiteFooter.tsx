import { Link } from '@tanstack/react-router'
import { BRAND } from '../config/constants'
import { m } from '../paraglide/messages'
import { openPrivacyChoices } from '../analytics/consent'
import { useState } from 'react'
import { DrawnSignUp } from './readers/DrawnSignUp'
import { getLocale } from '../i18n/locale'
import { FOOTER_FORM_ID, footerForm } from '../page-data/footer-form'

/** The newsletter form drawn by the server, sent in place once the page runs. */
function FooterNewsletter() {
  const [html] = useState(() => footerForm(getLocale()))
  return <DrawnSignUp id={FOOTER_FORM_ID} html={html} />
}

export function SiteFooter({ analytics }: { analytics: boolean }) {
  return (
    <footer aria-label={m.footer_label()} className="mt-16 border-t border-line bg-surface-2">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 text-sm text-ink-2 sm:grid-cols-2">
        <div>
          <p className="font-display text-lg font-semibold text-ink">{BRAND}</p>
          <p className="mt-2 max-w-prose">{m.site_tagline()}</p>
          <p className="mt-2 max-w-prose">{m.footer_disclaimer()}</p>
        </div>
        <div className="sm:col-span-2">
          <FooterNewsletter />
        </div>
        <ul className="flex flex-wrap content-start gap-x-4 sm:justify-end">
          <li>
            <Link to="/about" className="footer-link">
              {m.nav_about()}
            </Link>
          </li>
          <li>
            <Link to="/contact-us" className="footer-link">
              {m.nav_contact()}
            </Link>
          </li>
          <li>
            <Link to="/partner-with-us" className="footer-link">
              {m.nav_partner()}
            </Link>
          </li>
          <li>
            <Link to="/newsletter" className="footer-link">
              {m.nl_nav()}
            </Link>
          </li>
          <li>
            <Link to="/privacy" className="footer-link">
              {m.nav_privacy()}
            </Link>
          </li>
          {analytics && (
            <li>
              <button type="button" className="footer-link" onClick={openPrivacyChoices}>
                {m.consent_choices()}
              </button>
            </li>
          )}
        </ul>
        <p className="sm:col-span-2">{`© ${new Date().getUTCFullYear()} ${BRAND}. ${m.footer_rights()}`}</p>
      </div>
    </footer>
  )
}
