import { Link } from '@tanstack/react-router'
import { m } from '../paraglide/messages'

export function Breadcrumbs({ current, country }: { current: string; country?: { name: string; slug: string | null } | null }) {
  return (
    <nav aria-label={m.breadcrumb_label()}>
      <ol className="crumbs">
        <li>
          <Link to="/blog">{m.nav_blog()}</Link>
        </li>
        {country?.slug && (
          <li>
            <Link to="/blog/countries/$country" params={{ country: country.slug }}>
              {country.name}
            </Link>
          </li>
        )}
        <li>
          <span aria-current="page" className="truncate">
            {current}
          </span>
        </li>
      </ol>
    </nav>
  )
}
