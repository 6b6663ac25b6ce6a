import { useId } from 'react'
import type { Heading } from '../content/types'
import { m } from '../paraglide/messages'

/** Table of contents for long pages, in its own aside; short ones do without. */
export function Toc({ headings, className }: { headings: Heading[]; className?: string }) {
  const headingId = useId()
  const sections = headings.filter((h) => h.depth === 2)
  if (sections.length < 4) return null
  return (
    <aside className={className}>
      <nav aria-labelledby={headingId} className="rounded-xl border border-line bg-surface-2 p-5 lg:sticky lg:top-6">
        <h2 id={headingId} className="eyebrow">
          {m.post_toc()}
        </h2>
        <ol className="mt-3 space-y-2 text-sm">
          {sections.map((h) => (
            <li key={h.id}>
              <a href={`#${h.id}`} className="toc-link">
                {h.text}
              </a>
            </li>
          ))}
        </ol>
      </nav>
    </aside>
  )
}
