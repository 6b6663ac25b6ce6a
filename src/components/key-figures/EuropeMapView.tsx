import type { GuideCountry } from '../../content/countries'
import { m } from '../../paraglide/messages'
import type { CompareSearch } from '../../key-figures/sort'
import type { CompareRow, EuropeMap, MapMetric } from '../../key-figures/types'
import { ChartTable } from './ChartTable'

const DEFAULT_MAP: MapMetric = 'oneOff'
/** In the map's units (320 across): 24 px across or more wherever the map is 296 px wide or wider (a 375 px phone shows it about 305 px wide). */
const MARKER_RADIUS = 13

/**
 * Europe shaded by the figure the reader picks (plain links the server answers), the United States
 * in its own box; drawn on the server (markup.server.tsx), with the figures as a table.
 */
export function EuropeMapView(props: {
  map: EuropeMap
  rows: CompareRow[]
  metrics: MapMetric[]
  labels: Record<MapMetric, string>
  search: CompareSearch
  href: (search: CompareSearch) => string
}) {
  const { map, rows, metrics, labels, search, href } = props
  const metric = search.map ?? DEFAULT_MAP
  const { shades, legend } = map.metrics[metric]
  const label = labels[metric]
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
          {metrics.map((key) => (
            <li key={key}>
              <a
                href={href({ ...search, map: key === DEFAULT_MAP ? undefined : key })}
                className="chip !min-h-9 text-sm"
                aria-current={key === metric ? 'page' : undefined}
                rel="nofollow"
              >
                {labels[key]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {/* Europe's 320 units to the United States' 240 (map.server.ts): one scale for both at every width. */}
      <div className="mt-4 grid max-w-4xl gap-3 sm:grid-cols-[minmax(0,320fr)_minmax(0,240fr)] sm:items-end">
        <svg viewBox={map.viewBox} role="img" aria-label={m.kf_map_title({ figure: label })} className="h-auto w-full">
          {/* "No data" is hatched, not a fourth shade: three shades are as many as stay 3:1 apart. */}
          <defs>
            <pattern id="kf-hatch" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="4" height="4" className="kf-hatch-ground" />
              <line x1="0" y1="0" x2="0" y2="4" className="kf-hatch-line" />
            </pattern>
          </defs>
          <path d={map.horizon} className="kf-horizon" />
          <g dangerouslySetInnerHTML={{ __html: map.land }} />
          {map.shapes.map((shape) => (
            <path key={shape.code} d={shape.d} className={shadeClass(shape.code)}>
              <title>{`${shape.name}: ${valueOf(shape.code)}`}</title>
            </path>
          ))}
          {/* Cyprus and Malta are a few pixels on a phone: a circle at least 24 px across marks each. */}
          {map.markers.map((marker) => (
            <circle
              key={marker.code}
              cx={marker.x}
              cy={marker.y}
              r={MARKER_RADIUS}
              className={`kf-marker ${marker.guide ? shadeClass(marker.code as GuideCountry) : 'kf-land'}`}
              data-marker={marker.code}
            >
              <title>{marker.guide ? `${marker.name}: ${valueOf(marker.code)}` : marker.name}</title>
            </circle>
          ))}
        </svg>
        <div className="w-3/4 sm:w-full">
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
          <p className="mt-1 text-xs text-ink-2">
            {m.kf_map_us()}: {m.kf_map_us_scale()}
          </p>
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
