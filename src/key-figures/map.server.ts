/**
 * The outlines of Europe's map and the United States' box, projected once per process from
 * Natural Earth's 1:110m countries (world-atlas) with d3-geo; the page shades them by a figure.
 */
import { geoAzimuthalEqualArea, geoAlbersUsa, geoPath } from 'd3-geo'
import type { Feature, FeatureCollection, Geometry } from 'geojson'
import countryNames from 'i18n-iso-countries'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import world from 'world-atlas/countries-110m.json'

const MAP_WIDTH = 320
const MAP_HEIGHT = 300
const US_WIDTH = 120
const US_HEIGHT = 72

type Outline = { alpha2: string | null; d: string }
/** Where a country too small to find on a phone is marked with a circle (issue 38): its longitude and latitude. */
const SMALL_COUNTRIES = { CY: [33.2, 35.0], MT: [14.45, 35.9] } as const
export type Marker = { alpha2: keyof typeof SMALL_COUNTRIES; x: number; y: number }
let cached: { europe: Outline[]; us: string; markers: Marker[] } | null = null

/**
 * Europe from the Atlantic to the Black Sea, Iceland to Cyprus and Malta, with room around them
 * for their markers; countries outside the frame are left out.
 */
export function mapOutlines(): { europe: Outline[]; us: string; markers: Marker[] } {
  if (cached) return cached
  const topology = world as unknown as Topology<{ countries: GeometryCollection }>
  const countries = feature(topology, topology.objects.countries) as FeatureCollection<Geometry, { name: string }>
  const frame: Feature<Geometry> = {
    type: 'Feature',
    properties: {},
    geometry: {
      type: 'MultiPoint',
      coordinates: [
        [-11, 35],
        [35.5, 33.5],
        [38, 58],
        [8, 70],
        [-24, 64],
        [14.5, 34.2],
      ],
    },
  }
  const projection = geoAzimuthalEqualArea()
    .rotate([-12, -52])
    .fitExtent(
      [
        [4, 4],
        [MAP_WIDTH - 4, MAP_HEIGHT - 4],
      ],
      frame,
    )
    .clipExtent([
      [0, 0],
      [MAP_WIDTH, MAP_HEIGHT],
    ])
  const path = geoPath(projection).digits(1)
  const europe: Outline[] = []
  for (const f of countries.features) {
    const [[x0, y0], [x1, y1]] = path.bounds(f)
    if (!(x1 > 0 && x0 < MAP_WIDTH && y1 > 0 && y0 < MAP_HEIGHT)) continue
    const d = path(f)
    if (!d) continue
    europe.push({ alpha2: f.id === undefined ? null : (countryNames.numericToAlpha2(String(f.id)) ?? null), d })
  }
  const us = countries.features.find((f) => String(f.id) === '840')
  const usProjection = geoAlbersUsa()
  const usPath = geoPath(usProjection.fitSize([US_WIDTH, US_HEIGHT], us ?? frame)).digits(1)
  const markers = Object.entries(SMALL_COUNTRIES).map(([alpha2, point]) => {
    const [x, y] = projection([...point]) ?? [0, 0]
    return { alpha2: alpha2 as Marker['alpha2'], x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 }
  })
  cached = { europe, us: us ? (usPath(us) ?? '') : '', markers }
  return cached
}

export const US_VIEWBOX = `0 0 ${US_WIDTH} ${US_HEIGHT}`
export const EUROPE_VIEWBOX = `0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`
