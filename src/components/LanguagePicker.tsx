import { useEffect, useRef } from 'react'
import { localeCookie } from '../i18n/resolve'
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
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1.5 rounded-md px-2 text-sm font-medium hover:bg-surface-2 [&::-webkit-details-marker]:hidden">
        <Flag country={languages[current].country} />
        <span className="sr-only">{m.language_picker_label()}: </span>
        <span aria-hidden="true">{current.toUpperCase()}</span>
        <span className="sr-only">{languages[current].label}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 transition-transform group-open:rotate-180">
          <path fill="currentColor" d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </summary>
      <ul
        aria-label={m.language_picker_label()}
        className="absolute end-0 z-50 mt-2 grid max-h-[70vh] w-64 grid-cols-1 overflow-y-auto rounded-lg border border-line bg-surface p-1 shadow-lg sm:w-80 sm:grid-cols-2"
      >
        {alternates.map(({ locale, path }) => (
          <li key={locale}>
            <a
              href={path}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
              onClick={() => {
                document.cookie = localeCookie(locale)
              }}
              className="flex min-h-11 items-center gap-2 rounded-md px-3 text-sm hover:bg-surface-2 aria-[current=true]:font-semibold aria-[current=true]:text-accent"
            >
              <Flag country={languages[locale].country} />
              <span>{languages[locale].label}</span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  )
}
