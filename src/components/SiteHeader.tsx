import { Link, useRouterState } from '@tanstack/react-router'
import { useState } from 'react'
import { BRAND } from '../config/constants'
import { getLocale } from '../i18n/locale'
import { GUIDES_MENU_ID, menuGuides } from '../page-data/menu'
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
/** Shown in the header's row on wide screens, in every language (issue 38); all are in the menu. */
const rowItems = navItems.slice(0, 2)

/**
 * One row at every width and in every language (issue 38): the brand, the search field (on a phone
 * in the menu), the blog and the comparison on wide screens, the theme, the language and the menu,
 * which holds every link and the country guides. The menu belongs to the page it was opened on: navigating closes it.
 */
export function SiteHeader() {
  const path = useRouterState({ select: (s) => s.location.pathname })
  const [openOn, setOpenOn] = useState<string | null>(null)
  const [guides] = useState(() => menuGuides(getLocale()))
  const open = openOn === path
  const links = (items: ReadonlyArray<(typeof navItems)[number]>) =>
    items.map((item) => (
      <li key={item.to}>
        <Link to={item.to} className="nav-link" activeProps={{ 'aria-current': 'page' }}>
          {item.label()}
        </Link>
      </li>
    ))
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 px-4 py-2 sm:gap-x-4" data-testid="header-row">
        <Link to="/blog" className="brand shrink-0">
          <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7 text-accent">
            <path fill="currentColor" d="M16 3 3 13v16h9v-9h8v9h9V13L16 3Z" />
          </svg>
          {BRAND}
        </Link>
        <div className={`${open ? 'block' : 'hidden'} order-last w-full pb-2 sm:order-1 sm:block sm:w-auto sm:min-w-0 sm:flex-1 sm:pb-0`}>
          <HeaderSearch />
        </div>
        {/* In the row, in this order from 640 px: search, the blog and the comparison (from 1280 px), theme, language, menu. */}
        <div className={`${open ? 'flex' : 'hidden'} order-last sm:order-3 sm:flex`}>
          <ThemeToggle />
        </div>
        <div className="order-4 ms-auto flex shrink-0 items-center sm:ms-0 sm:gap-1">
          <LanguagePicker />
          <button
            type="button"
            className="icon-button"
            aria-expanded={open}
            aria-controls="main-menu"
            aria-label={open ? m.nav_menu_close() : m.nav_menu_open()}
            onClick={() => setOpenOn(open ? null : path)}
          >
            <span aria-hidden="true" className={`icon size-6 ${open ? 'icon-close' : 'icon-menu'}`} />
          </button>
        </div>
        {/* One navigation landmark; its two lists take their places in the row (display: contents). */}
        <nav aria-label={m.nav_main_label()} className="contents">
          <ul className="hidden shrink-0 gap-x-1 xl:order-2 xl:flex">{links(rowItems)}</ul>
          <div id="main-menu" className={`${open ? 'block' : 'hidden'} order-last w-full pb-2`}>
            <ul className="flex flex-col sm:flex-row sm:flex-wrap sm:gap-x-1">{links(navItems)}</ul>
            <p id="menu-guides-title" className="mt-2 px-3 text-sm font-semibold text-ink">
              {m.guides_section_title()}
            </p>
            <ul
              id={GUIDES_MENU_ID}
              aria-labelledby="menu-guides-title"
              className="flex flex-col sm:flex-row sm:flex-wrap sm:gap-x-1"
              dangerouslySetInnerHTML={{ __html: guides }}
            />
          </div>
        </nav>
      </div>
    </header>
  )
}
