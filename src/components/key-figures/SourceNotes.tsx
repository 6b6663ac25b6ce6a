import { m } from '../../paraglide/messages'
import type { SourceNote } from '../../key-figures/types'

/** The page's numbered sources, each linking out to the publisher's page. */
export function SourceNotes({ sources, headingLevel = 2 }: { sources: SourceNote[]; headingLevel?: 2 | 3 }) {
  if (sources.length === 0) return null
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <section aria-labelledby="kf-sources" className="mt-10 text-sm">
      <Heading id="kf-sources" className="font-display text-xl font-semibold">
        {m.kf_sources()}
      </Heading>
      <ol className="mt-3 space-y-2">
        {sources.map((s) => (
          <li key={s.n} id={`source-${s.n}`} className="kf-source">
            <span className="tabular-nums">[{s.n}]</span> {s.publisher}:{' '}
            <a href={s.url} rel="external noopener noreferrer" className="link break-words">
              {s.title}
            </a>
          </li>
        ))}
      </ol>
    </section>
  )
}
