import { m } from '../../paraglide/messages'
import type { FigureCell } from '../../key-figures/types'

/**
 * A figure as printed everywhere: value, qualifying lines, note, month, estimate and numbered
 * source. Short class names styled in styles.css: the comparison prints 176 of these.
 */
export function FigureValue({ cell, compact = false }: { cell: FigureCell; compact?: boolean }) {
  if (cell.text === null) {
    return (
      <span className="kf-na" data-figure={cell.key} data-value="">
        {m.kf_not_available()}
      </span>
    )
  }
  return (
    <span className="kf-fig" data-figure={cell.key} data-value={cell.text}>
      <b>{cell.text}</b>
      {cell.details.length > 0 && (
        <span className={compact ? 'kf-lines kf-small' : 'kf-lines'}>
          {cell.details.map((line) => (
            <span key={line}>{line}</span>
          ))}
        </span>
      )}
      {cell.note && !compact && (
        <span className="kf-note" lang={cell.noteLang}>
          {cell.note}
        </span>
      )}
      <span className="kf-when">
        {cell.since && (
          <>
            {m.kf_in_force_since()} <time dateTime={cell.since.iso}>{cell.since.month}</time> ·{' '}
          </>
        )}
        {m.kf_checked_label()} <time dateTime={cell.checked ?? undefined}>{cell.month}</time>
        {cell.estimate && <> · {m.kf_estimate()}</>}
        {cell.source !== null && (
          <>
            {' '}
            <a href={`#source-${cell.source}`} className="kf-ref" aria-label={m.kf_source_ref({ n: String(cell.source) })}>
              [{cell.source}]
            </a>
          </>
        )}
        {cell.also?.map((n) => (
          <span key={n}>
            {' '}
            <a href={`#source-${n}`} className="kf-ref" aria-label={m.kf_source_ref({ n: String(n) })}>
              [{n}]
            </a>
          </span>
        ))}
      </span>
    </span>
  )
}
