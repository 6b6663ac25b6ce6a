import type { FigureChange } from '../../key-figures/types'
import { changesFeedPath } from '../../key-figures/downloads'
import { m } from '../../paraglide/messages'
import type { Locale } from '../../paraglide/runtime'

/** The latest changes of the figures on the page, newest first, each with its source, and the language's Atom feed of them (issue 37). */
export function RecentChanges({ changes, locale }: { changes: FigureChange[]; locale: Locale }) {
  if (changes.length === 0) return null
  return (
    <section id="kf-changes" aria-labelledby="kf-changes-title" className="mt-10 max-w-3xl text-sm" data-testid="recent-changes">
      <h2 id="kf-changes-title" className="font-display text-xl font-semibold">
        {m.kf_changes_title()}
      </h2>
      <ul className="mt-3 space-y-2">
        {changes.map((change) => (
          <li key={`${change.code}-${change.key}-${change.date}`} data-change={`${change.code}.${change.key}`}>
            <time dateTime={change.date} className="text-ink-2">
              {change.dateText}
            </time>
            {' — '}
            {change.text}{' '}
            <a href={change.source.url} rel="external noopener noreferrer" className="link break-words">
              {change.source.publisher}
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-3">
        <a href={changesFeedPath(locale)} type="application/atom+xml" className="link">
          {m.kf_changes_feed()}
        </a>
      </p>
    </section>
  )
}
