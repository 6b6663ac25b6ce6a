import { m } from '../../paraglide/messages'
import type { FigureCell } from '../../key-figures/types'

/** A figure as printed everywhere: value, qualifying lines, note, month, estimate and numbered source. */
export function FigureValue({ cell, compact = false }: { cell: FigureCell; compact?: boolean }) {
  if (cell.text === null) {
    return (
      <span className="text-ink-2" data-figure={cell.key} data-value="">
        {m.kf_not_available()}
      </span>
    )
  }
  return (
    <span className="block" data-figure={cell.key} data-value={cell.text}>
      <span className="font-semibold tabular-nums">{cell.text}</span>
      {cell.details.length > 0 && (
        <span className={`block text-ink-2 ${compact ? 'text-xs' : 'text-sm'}`}>
          {cell.details.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </span>
      )}
      {cell.note && !compact && (
        <span className="block text-sm text-ink-2" lang={cell.noteLang}>
          {cell.note}
        </span>
      )}
      <span className="block text-xs text-ink-2">
        <time dateTime={cell.asOf ?? undefined}>{cell.month}</time>
        {cell.estimate && <> · {m.kf_estimate()}</>}
        {cell.source !== null && (
          <>
            {' '}
            <a href={`#source-${cell.source}`} className="kf-ref" aria-label={m.kf_source_ref({ n: String(cell.source) })}>
              [{cell.source}]
            </a>
          </>
        )}
      </span>
    </span>
  )
}
