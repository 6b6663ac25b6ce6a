/** A list of search results: title, kind, country, date and the excerpt with its matched words marked. */
import { Link } from '@tanstack/react-router'
import { deLocalizePath } from '../../i18n/paths'
import { m } from '../../paraglide/messages'
import type { ExcerptPart, SearchHit } from '../../search/query'

const kindLabel: Record<SearchHit['kind'], () => string> = {
  post: () => m.search_kind_post(),
  guide: () => m.search_kind_guide(),
  page: () => m.search_kind_page(),
}

export function Excerpt({ parts }: { parts: ExcerptPart[] }) {
  return parts.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text))
}

export function HitMeta({ hit }: { hit: SearchHit }) {
  return (
    <p className="flex flex-wrap gap-x-2 text-xs font-medium uppercase tracking-wide text-ink-2">
      <span className="text-accent">{kindLabel[hit.kind]()}</span>
      {hit.country && hit.kind !== 'guide' && <span>{hit.country}</span>}
      {hit.date && <span>{hit.date}</span>}
    </p>
  )
}

/** Where a hit leads, as the router's links are written: canonical, localized on output. */
export const hitTarget = (hit: SearchHit) => deLocalizePath(hit.path) as '/blog'

export function HitLink({ hit, className }: { hit: SearchHit; className?: string }) {
  return (
    <Link to={hitTarget(hit)} className={className}>
      {hit.title}
    </Link>
  )
}
