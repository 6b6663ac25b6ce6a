/**
 * The outlines of Europe's map and the United States' box, projected once per process from
 * Natural Earth's 1:110m countries (world-atlas) with d3-geo; the page shades them by a figure.
 *
 * Europe is seen whole (issue 38): an equal-area azimuthal view centred on the continent and cut
 * by a circle of 28° around its centre, the projection's own horizon, that holds Iceland, Cyprus,
 * Malta and European Russia to the Urals; no country is cut by a straight frame. The United States
 * (the 48 contiguous states, in an equal-area conic projection) is drawn at the same scale, so its
 * box shows its true size beside Europe.
 */
import { geoAzimuthalEqualArea, geoConicEqualArea, geoPath } from 'd3-geo'
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon } from 'geojson'
import countryNames from 'i18n-iso-countries'
import { feature, merge, mesh } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import world from 'world-atlas/countries-110m.json'

/** Europe's disc: 320 across, like the charts. */
const MAP_SIZE = 320
/** Degrees of arc from the centre to the horizon. */
const HORIZON = 28
const CENTRE: [number, number] = [15, 52]
/** The United States' box, in the same units; the view's grid gives it 240 parts to Europe's 320. */
export const US_WIDTH = 240
export const US_HEIGHT = 150

type Outline = { alpha2: string | null; d: string }
/** Where a country too small to find on a phone is marked with a circle (issue 38): its longitude and latitude. */
const SMALL_COUNTRIES = { CY: [33.2, 35.0], MT: [14.45, 35.9] } as const
type Marker = { alpha2: keyof typeof SMALL_COUNTRIES; x: number; y: number }
type Outlines = {
  europe: Outline[]
  horizon: string
  us: string
  markers: Marker[]
  scale: { europe: number; us: number }
  /** The countries without figures as one shape and their borders as one line (landOutline). */
  land: (shaded: readonly string[]) => Land
}
type Land = { fill: string; borders: string }
let cached: Outlines | null = null

const sphere = { type: 'Sphere' } as const

/** The 48 contiguous states: the polygons of the United States between 24° and 50° north, west of −60°. */
function contiguous(us: Feature<Geometry>): Feature<MultiPolygon> {
  const polygons: Polygon['coordinates'][] =
    us.geometry.type === 'MultiPolygon' ? us.geometry.coordinates : us.geometry.type === 'Polygon' ? [us.geometry.coordinates] : []
  return {
    type: 'Feature',
    properties: {},
    geometry: {
      type: 'MultiPolygon',
      coordinates: polygons.filter((polygon) => {
        const [lon, lat] = polygon[0][0]
        return lon > -130 && lon < -60 && lat > 24 && lat < 50
      }),
    },
  }
}

export function mapOutlines(): Outlines {
  if (cached) return cached
  const topology = world as unknown as Topology<{ countries: GeometryCollection }>
  const countries = feature(topology, topology.objects.countries) as FeatureCollection<Geometry, { name: string }>
  const projection = geoAzimuthalEqualArea()
    .rotate([-CENTRE[0], -CENTRE[1]])
    .clipAngle(HORIZON)
    .fitExtent(
      [
        [2, 2],
        [MAP_SIZE - 2, MAP_SIZE - 2],
      ],
      sphere,
    )
  const path = geoPath(projection).digits(1)
  const europe: Outline[] = []
  for (const f of countries.features) {
    const d = path(f)
    // A country beyond the horizon has no path.
    if (!d) continue
    europe.push({ alpha2: f.id === undefined ? null : (countryNames.numericToAlpha2(String(f.id)) ?? null), d })
  }
  const usFeature = countries.features.find((f) => String(f.id) === '840')
  const lower48 = usFeature ? contiguous(usFeature) : null
  // USGS's standard parallels for the contiguous states; the scale is Europe's, the box centres it.
  const usProjection = geoConicEqualArea().parallels([29.5, 45.5]).rotate([96, 0]).center([0, 38]).scale(projection.scale()).translate([0, 0])
  let us = ''
  if (lower48) {
    const [[x0, y0], [x1, y1]] = geoPath(usProjection).bounds(lower48)
    usProjection.translate([(US_WIDTH - (x1 - x0)) / 2 - x0, (US_HEIGHT - (y1 - y0)) / 2 - y0])
    us = geoPath(usProjection).digits(1)(lower48) ?? ''
  }
  const markers = Object.entries(SMALL_COUNTRIES).map(([alpha2, point]) => {
    const [x, y] = projection([...point]) ?? [0, 0]
    return { alpha2: alpha2 as Marker['alpha2'], x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 }
  })
  // The countries left unshaded are drawn as one shape, with the borders between them as one line: each
  // border once instead of twice, about half the bytes of a path per country on a page that is mostly map.
  const lands = new Map<string, Land>()
  const land = (shaded: readonly string[]): Land => {
    const key = [...shaded].sort().join()
    let drawn = lands.get(key)
    if (!drawn) {
      const other = (g: { id?: string | number }) => !shaded.includes(countryNames.numericToAlpha2(String(g.id)) ?? '')
      const geometries = topology.objects.countries.geometries.filter(other)
      drawn = {
        fill: path(merge(topology, geometries as Parameters<typeof merge>[1])) ?? '',
        borders: path(mesh(topology, topology.objects.countries, (a, b) => a !== b && other(a) && other(b))) ?? '',
      }
      lands.set(key, drawn)
    }
    return drawn
  }
  cached = { europe, horizon: path(sphere) ?? '', us, markers, scale: { europe: projection.scale(), us: usProjection.scale() }, land }
  return cached
}

export const US_VIEWBOX = `0 0 ${US_WIDTH} ${US_HEIGHT}`
export const EUROPE_VIEWBOX = `0 0 ${MAP_SIZE} ${MAP_SIZE}`
