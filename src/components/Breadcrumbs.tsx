import { Link } from '@tanstack/react-router'
import { m } from '../paraglide/messages'

export function Breadcrumbs({ current, country }: { current: string; country?: { name: string; slug: string | null } | null }) {
  return (
    <nav aria-label={m.breadcrumb_label()} className="text-sm text-ink-2">
      <ol className="flex flex-wrap items-center gap-x-2">
        <li>
          <Link to="/blog" className="hover:text-ink hover:underline">
            {m.nav_blog()}
          </Link>
        </li>
        {country?.slug && (
          <li className="flex items-center gap-2">
            <span aria-hidden="true">/</span>
            <Link to="/blog/countries/$country" params={{ country: country.slug }} className="hover:text-ink hover:underline">
              {country.name}
            </Link>
          </li>
        )}
        <li className="flex min-w-0 items-center gap-2">
          <span aria-hidden="true">/</span>
          <span aria-current="page" className="truncate">
            {current}
          </span>
        </li>
      </ol>
    </nav>
  )
}
