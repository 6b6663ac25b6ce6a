import { describe, expect, it } from 'vitest'
import { mapOutlines, US_HEIGHT, US_WIDTH } from './map.server'

/** Every point of an SVG path's `d` written by d3-geo (M, L and Z commands with x,y pairs). */
const points = (d: string) => [...d.matchAll(/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/g)].map((m) => [Number(m[1]), Number(m[2])] as const)

describe("the comparison's map (issue 38)", () => {
  const outlines = mapOutlines()

  it('shows Europe whole: every outline ends at the round horizon, none at a straight frame', () => {
    for (const outline of outlines.europe)
      for (const [x, y] of points(outline.d)) expect(Math.hypot(x - 160, y - 160), outline.alpha2 ?? '').toBeLessThanOrEqual(158.2)
    const codes = new Set(outlines.europe.map((o) => o.alpha2))
    // From Iceland and Portugal to Cyprus, Finland and Russia to the Urals.
    for (const code of ['IS', 'PT', 'IE', 'NO', 'FI', 'RU', 'UA', 'TR', 'CY', 'GR', 'AL', 'BG', 'HR', 'IT', 'PL', 'ES', 'SE'])
      expect(codes, code).toContain(code)
    expect(points(outlines.horizon).length).toBeGreaterThan(20)
  })

  it('draws the United States at the same scale as Europe, inside its box', () => {
    expect(outlines.scale.us).toBe(outlines.scale.europe)
    const us = points(outlines.us)
    expect(us.length).toBeGreaterThan(50)
    for (const [x, y] of us) {
      expect(x).toBeGreaterThanOrEqual(0)
      expect(x).toBeLessThanOrEqual(US_WIDTH)
      expect(y).toBeGreaterThanOrEqual(0)
      expect(y).toBeLessThanOrEqual(US_HEIGHT)
    }
    // The contiguous states fill most of the box's width: the box is not a larger frame around a small shape.
    const xs = us.map(([x]) => x)
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(US_WIDTH * 0.9)
  })

  it('marks Cyprus and Malta inside the horizon', () => {
    for (const marker of outlines.markers) expect(Math.hypot(marker.x - 160, marker.y - 160), marker.alpha2).toBeLessThan(150)
  })
})
