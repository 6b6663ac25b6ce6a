/** Numbered page links as plain `<a href>`s crawlers follow; the current page is marked, not linked. */
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { pageNumbers } from '../content/pagination'
import type { PageTarget } from '../content/page-target'
import { m } from '../paraglide/messages'

export function Pagination({ page, pageCount, link }: { page: number; pageCount: number; link: (page: number) => PageTarget }) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label={m.pagination_label()} className="mt-10 flex flex-col items-center gap-3" data-testid="pagination">
      <p className="text-sm text-ink-2">{m.pagination_status({ page, count: pageCount })}</p>
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        {page > 1 && (
          <li>
            <PageAnchor target={link(page - 1)} rel="prev" className="chip">
              <span aria-hidden="true">←</span> {m.pagination_previous()}
            </PageAnchor>
          </li>
        )}
        {pageNumbers(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-ink-2">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span aria-current="page" className="chip font-semibold">
                  {n}
                </span>
              ) : (
                <PageAnchor target={link(n)} className="chip" label={m.pagination_page({ page: n })}>
                  {n}
                </PageAnchor>
              )}
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <PageAnchor target={link(page + 1)} rel="next" className="chip">
              {m.pagination_next()} <span aria-hidden="true">→</span>
            </PageAnchor>
          </li>
        )}
      </ul>
    </nav>
  )
}

function PageAnchor({
  target,
  rel,
  className,
  label,
  children,
}: {
  target: PageTarget
  rel?: string
  className: string
  label?: string
  children: ReactNode
}) {
  return (
    <Link {...target} activeOptions={{ exact: true }} rel={rel} aria-label={label} className={className}>
      {children}
    </Link>
  )
}
