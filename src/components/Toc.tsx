import { useId } from 'react'
import type { Heading } from '../content/types'
import { m } from '../paraglide/messages'

/** Table of contents for long pages; short ones do without. A page may show it twice (phone, desktop). */
export function Toc({ headings }: { headings: Heading[] }) {
  const headingId = useId()
  const sections = headings.filter((h) => h.depth === 2)
  if (sections.length < 4) return null
  return (
    <nav aria-labelledby={headingId} className="rounded-xl border border-line bg-surface-2 p-5">
      <h2 id={headingId} className="eyebrow">
        {m.post_toc()}
      </h2>
      <ol className="mt-3 space-y-2 text-sm">
        {sections.map((h) => (
          <li key={h.id}>
            <a href={`#${h.id}`} className="text-ink-2 hover:text-accent hover:underline">
              {h.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
