/** Light/dark theme: follows prefers-color-scheme until the reader picks one, then remembers it. */
const THEME_KEY = 'ea_theme'
export type Theme = 'light' | 'dark'

/**
 * Runs in <head> before the first paint, so a remembered theme never flashes. Kept constant: the
 * Content-Security-Policy allows it by its hash.
 */
export const themeScript = `try{var t=localStorage.getItem('${THEME_KEY}');if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}`

export function currentTheme(): Theme {
  const set = document.documentElement.dataset.theme
  if (set === 'light' || set === 'dark') return set
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

const listeners = new Set<() => void>()

/** For useSyncExternalStore: the theme lives on <html>, outside React. */
export function subscribeTheme(listener: () => void) {
  listeners.add(listener)
  const media = window.matchMedia('(prefers-color-scheme: dark)')
  media.addEventListener('change', listener)
  return () => {
    listeners.delete(listener)
    media.removeEventListener('change', listener)
  }
}

export function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme
  for (const listener of listeners) listener()
  try {
    localStorage.setItem(THEME_KEY, theme)
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this page only.
  }
}
