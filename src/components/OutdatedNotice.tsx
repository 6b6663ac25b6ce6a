import type { OutdatedNotice as OutdatedNoticeData } from '../content/types'
import { m } from '../paraglide/messages'

/** Tells readers of a translation that its English original changed since, with a link to it. */
export function OutdatedNotice({ outdated }: { outdated: OutdatedNoticeData }) {
  if (!outdated) return null
  return (
    <p role="note" data-testid="outdated-notice" className="mt-6 max-w-3xl rounded-lg border border-line bg-surface-2 px-4 py-3 text-sm text-ink-2">
      {m.post_outdated_notice({ date: outdated.updatedLabel })}{' '}
      <a href={outdated.englishPath} hrefLang="en" className="font-medium text-ink underline underline-offset-4">
        {m.post_outdated_link()}
      </a>
    </p>
  )
}
