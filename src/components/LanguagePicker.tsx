import { useEffect, useRef } from 'react'
import { browserCookie } from '../config/cookies'
import { languages } from '../i18n/languages'
import { useTranslatedParams } from '../i18n/alternates'
import { m } from '../paraglide/messages'
import { getLocale } from '../i18n/locale'
import { Flag } from './Flag'

/** A disclosure of 18 links, each to this page in another language; works before hydration too. */
export function LanguagePicker() {
  const alternates = useTranslatedParams()
  const current = getLocale()
  const ref = useRef<HTMLDetailsElement>(null)

  useEffect(() => {
    const details = ref.current
    if (!details) return
    const close = (event: Event) => {
      if (!details.open) return
      if (event instanceof KeyboardEvent && event.key === 'Escape') {
        details.open = false
        details.querySelector('summary')?.focus()
      } else if (event instanceof MouseEvent && !(event.target instanceof Node && details.contains(event.target))) {
        details.open = false
      }
    }
    document.addEventListener('keydown', close)
    document.addEventListener('click', close)
    return () => {
      document.removeEventListener('keydown', close)
      document.removeEventListener('click', close)
    }
  }, [])

  return (
    <details ref={ref} className="group relative" data-testid="language-picker">
      <summary className="lang-summary">
        <Flag country={languages[current].country} />
        <span className="sr-only">{m.language_picker_label()}: </span>
        <span aria-hidden="true">{current.toUpperCase()}</span>
        <span className="sr-only">{languages[current].label}</span>
        <span aria-hidden="true" className="icon icon-chevron size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ul aria-label={m.language_picker_label()} className="lang-menu">
        {/* Names only, each in its own language: a language is not a country's flag. */}
        {alternates.map(({ locale, path }) => (
          <li key={locale}>
            <a
              href={path}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
              onClick={() => {
                document.cookie = browserCookie('locale', locale)
              }}
            >
              {languages[locale].label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  )
}
