import { useSyncExternalStore } from 'react'
import { m } from '../paraglide/messages'
import { applyTheme, currentTheme, subscribeTheme } from '../theme/theme'

export function ThemeToggle() {
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, () => null)
  const next = theme === 'dark' ? 'light' : 'dark'
  return (
    <button
      type="button"
      data-testid="theme-toggle"
      aria-label={`${m.theme_toggle_label()}: ${next === 'dark' ? m.theme_dark() : m.theme_light()}`}
      title={m.theme_toggle_label()}
      onClick={() => applyTheme(next)}
      className="flex size-11 items-center justify-center rounded-md text-ink-2 hover:bg-surface-2 hover:text-ink"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5 dark:hidden"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
      </svg>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="hidden size-5 dark:block"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
    </button>
  )
}
