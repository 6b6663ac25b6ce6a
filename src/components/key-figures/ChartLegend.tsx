/** A chart's legend (hidden from screen readers, which read the chart's title and table): a swatch per series. */
export function ChartLegend({ items, swatch }: { items: ReadonlyArray<{ label: string; className: string }>; swatch: 'bar' | 'line' }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-hidden="true">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          {swatch === 'bar' ? (
            <svg width="12" height="12" viewBox="0 0 12 12" className="shrink-0">
              <rect width="12" height="12" rx="2" className={item.className} />
            </svg>
          ) : (
            <svg width="18" height="8" viewBox="0 0 18 8" className="shrink-0">
              <line x1="1" x2="17" y1="4" y2="4" className={item.className} />
            </svg>
          )}
          {item.label}
        </li>
      ))}
    </ul>
  )
}
