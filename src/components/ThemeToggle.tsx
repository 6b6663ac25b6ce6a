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
      className="icon-button"
    >
      <span aria-hidden="true" className="icon icon-moon dark:hidden" />
      <span aria-hidden="true" className="icon icon-sun hidden dark:inline-block" />
    </button>
  )
}
