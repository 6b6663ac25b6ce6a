import { Link } from '@tanstack/react-router'
import { m } from '../../paraglide/messages'
import type { Comparison, MapMetric } from '../../key-figures/types'
import { ChartTable } from './ChartTable'
import { figureLabel } from './labels'

export const DEFAULT_MAP: MapMetric = 'oneOff'

/** Europe shaded by the figure the reader picks (plain links), the United States in its own box. */
export function EuropeMapView({ data, metric, search }: { data: Comparison; metric: MapMetric; search: Record<string, string | undefined> }) {
  const { map, rows } = data
  const shades = map.metrics[metric].shades
  const legend = map.metrics[metric].legend
  const label = figureLabel(metric, data.examplePrice)
  const valueOf = (code: string) => rows.find((r) => r.code === code)?.text[metric] ?? m.kf_not_available()
  const shadeClass = (code: keyof typeof shades) => {
    const shade = shades[code]
    return shade === null || shade === undefined ? 'kf-nodata' : `kf-s${shade}`
  }
  return (
    <figure className="kf-chart rounded-xl border border-line bg-surface-2 p-4" aria-labelledby="kf-map-title">
      <figcaption id="kf-map-title" className="font-display text-lg font-semibold">
        {m.kf_map_title({ figure: label })}
      </figcaption>
      <nav aria-label={m.kf_map_pick()} className="mt-3">
        <p className="text-sm text-ink-2">{m.kf_map_pick()}</p>
        <ul className="mt-2 flex flex-wrap gap-2">
          {data.mapMetrics.map((key) => (
            <li key={key}>
              <Link
                to="/blog/countries/compare"
                // The default figure's link has no `map`, so the router marks it current on the plain page too.
                search={{ ...search, map: key === DEFAULT_MAP ? undefined : key }}
                hash="kf-map"
                activeOptions={{ explicitUndefined: true }}
                resetScroll={false}
                className="chip !min-h-9 text-sm"
                rel="nofollow"
              >
                {figureLabel(key, data.examplePrice)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4 grid max-w-3xl gap-3 sm:grid-cols-[minmax(0,1fr)_9rem] sm:items-end">
        <svg viewBox={map.viewBox} role="img" aria-label={m.kf_map_title({ figure: label })} className="h-auto w-full">
          <g dangerouslySetInnerHTML={{ __html: map.land }} />
          {map.shapes.map((shape) => (
            <path key={shape.code} d={shape.d} className={shadeClass(shape.code)}>
              <title>{`${shape.name}: ${valueOf(shape.code)}`}</title>
            </path>
          ))}
        </svg>
        <div>
          <svg
            viewBox={map.us.viewBox}
            role="img"
            aria-label={`${m.kf_map_us()}: ${valueOf('US')}`}
            className="h-auto w-full rounded border border-line"
          >
            <path d={map.us.d} className={shadeClass('US')}>
              <title>{`${m.kf_map_us()}: ${valueOf('US')}`}</title>
            </path>
          </svg>
          <p className="mt-1 text-xs text-ink-2">{m.kf_map_us()}</p>
        </div>
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs">
        {legend.map((item, i) => (
          <li key={item} className="flex items-center gap-1.5">
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <rect width="12" height="12" rx="2" className={`kf-s${i}`} />
            </svg>
            {item}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
            <rect width="12" height="12" rx="2" className="kf-nodata" />
          </svg>
          {m.kf_map_no_data()}
        </li>
      </ul>
      <ChartTable head={[m.kf_country(), label]} rows={rows.map((r) => [r.name, r.text[metric] ?? m.kf_not_available()])} />
    </figure>
  )
}
