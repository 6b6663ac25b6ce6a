import { Link } from '@tanstack/react-router'
import { BRAND } from '../config/constants'
import { m } from '../paraglide/messages'
import { LanguagePicker } from './LanguagePicker'

const navItems = [
  { to: '/blog', label: () => m.nav_blog() },
  { to: '/about', label: () => m.nav_about() },
  { to: '/contact-us', label: () => m.nav_contact() },
  { to: '/partner-with-us', label: () => m.nav_partner() },
] as const

export function SiteHeader() {
  return (
    <header className="border-b border-line bg-surface/90 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-2">
        <Link to="/blog" className="flex min-h-11 items-center gap-2 font-display text-xl font-semibold tracking-tight">
          <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7 text-accent">
            <path fill="currentColor" d="M16 3 3 13v16h9v-9h8v9h9V13L16 3Z" />
          </svg>
          {BRAND}
        </Link>
        <nav aria-label={m.nav_main_label()} className="order-3 w-full sm:order-none sm:w-auto sm:flex-1">
          <ul className="flex flex-wrap gap-x-1">
            {navItems.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-ink-2 hover:bg-surface-2 hover:text-ink"
                  activeProps={{ 'aria-current': 'page', className: 'text-ink underline decoration-accent decoration-2 underline-offset-8' }}
                >
                  {item.label()}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-1">
          <LanguagePicker />
        </div>
      </div>
    </header>
  )
}
