import { Link, useRouterState } from '@tanstack/react-router'
import { useState } from 'react'
import { BRAND } from '../config/constants'
import { m } from '../paraglide/messages'
import { HeaderSearch } from './search/HeaderSearch'
import { LanguagePicker } from './LanguagePicker'
import { ThemeToggle } from './ThemeToggle'

const navItems = [
  { to: '/blog', label: () => m.nav_blog() },
  { to: '/blog/countries/compare', label: () => m.kf_nav() },
  { to: '/about', label: () => m.nav_about() },
  { to: '/contact-us', label: () => m.nav_contact() },
  { to: '/partner-with-us', label: () => m.nav_partner() },
] as const

export function SiteHeader() {
  // The menu belongs to the page it was opened on: navigating closes it.
  const path = useRouterState({ select: (s) => s.location.pathname })
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === path
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 px-4 py-2 sm:gap-x-6">
        <Link to="/blog" className="brand">
          <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7 text-accent">
            <path fill="currentColor" d="M16 3 3 13v16h9v-9h8v9h9V13L16 3Z" />
          </svg>
          {BRAND}
        </Link>
        <div className="order-last w-full pb-2 sm:order-none sm:w-auto sm:pb-0">
          <HeaderSearch />
        </div>
        <div className="ms-auto flex items-center sm:order-last sm:gap-1">
          <ThemeToggle />
          <LanguagePicker />
          <button
            type="button"
            className="icon-button sm:hidden"
            aria-expanded={open}
            aria-controls="main-nav"
            aria-label={open ? m.nav_menu_close() : m.nav_menu_open()}
            onClick={() => setOpenOn(open ? null : path)}
          >
            <span aria-hidden="true" className={`icon size-6 ${open ? 'icon-close' : 'icon-menu'}`} />
          </button>
        </div>
        <nav
          id="main-nav"
          aria-label={m.nav_main_label()}
          className={`${open ? 'block' : 'hidden'} w-full pb-2 sm:block sm:w-auto sm:flex-1 sm:pb-0`}
        >
          <ul className="flex flex-col sm:flex-row sm:flex-wrap sm:gap-x-1">
            {navItems.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="nav-link" activeProps={{ 'aria-current': 'page' }}>
                  {item.label()}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  )
}
