/**
 * Renders the 1200x630 share image with satori (layout to SVG) and resvg (SVG to PNG), using fonts
 * shipped with the project: Noto Sans and Noto Serif, Latin Extended, Greek and Cyrillic.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Resvg } from '@resvg/resvg-js'
import satori from 'satori'
import { BRAND, SHARE_IMAGE } from '../config/constants'
import { m } from '../paraglide/messages'
import type { OgParams } from './params'
import type { OgType } from './path'

const require = createRequire(import.meta.url)
const subsets = ['latin', 'latin-ext', 'greek', 'cyrillic', 'cyrillic-ext'] as const

type Font = { name: string; data: Buffer; weight: 400 | 600 | 700; style: 'normal' }
let fonts: Font[] | null = null

/** Satori keys fonts by family and weight, so each subset gets a family name of its own. */
function loadFonts(): Font[] {
  if (fonts) return fonts
  const load = (pkg: string, family: string, weight: 400 | 600 | 700) =>
    subsets.map((subset) => ({
      name: `${family} ${subset}`,
      data: readFileSync(require.resolve(`@fontsource/${pkg}/files/${pkg}-${subset}-${weight}-normal.woff`)),
      weight,
      style: 'normal' as const,
    }))
  fonts = [...load('noto-sans', 'Sans', 400), ...load('noto-sans', 'Sans', 700), ...load('noto-serif', 'Serif', 700)]
  return fonts
}

const family = (name: 'Sans' | 'Serif') => subsets.map((s) => `'${name} ${s}'`).join(', ')

const palettes = {
  light: { bg: '#fbfaf7', panel: '#f2efe8', ink: '#1b1f23', ink2: '#4a5159', accent: '#0c6161', line: '#dcd7cc' },
  dark: { bg: '#121619', panel: '#1b2126', ink: '#eceae4', ink2: '#b3b8bd', accent: '#5cc8c0', line: '#2f373d' },
}

/** Capitals as the language writes them: Greek drops its accents in all caps (ΑΡΘΡΟ, not ΆΡΘΡΟ). */
export function upper(text: string, locale: OgParams['locale']) {
  const up = text.toLocaleUpperCase(locale)
  return locale === 'el'
    ? up
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .normalize('NFC')
    : up
}

function label(type: OgType, locale: OgParams['locale']) {
  switch (type) {
    case 'BlogPost':
      return m.og_label_article({}, { locale })
    case 'About':
      return m.about_title({}, { locale })
    case 'Contact':
      return m.contact_title({}, { locale })
    default:
      return m.nav_blog({}, { locale })
  }
}

/** Shrinks long titles a step at a time; satori clamps the lines and adds the ellipsis. */
function titleSize(title: string, type: OgType) {
  const base = type === 'BlogPost' ? 64 : 72
  if (title.length > 90) return base - 18
  if (title.length > 60) return base - 10
  return base
}

/** Cuts at a word boundary with an ellipsis, as a guard before satori's own line clamp. */
export function clip(text: string, max: number) {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}

function Template({ params }: { params: OgParams }) {
  const c = palettes[params.mode]
  const size = titleSize(params.title, params.type)
  const isPost = params.type === 'BlogPost'
  const secondary = isPost ? params.country : params.description
  return (
    <div
      style={{
        width: SHARE_IMAGE.width,
        height: SHARE_IMAGE.height,
        display: 'flex',
        boxSizing: 'border-box',
        background: c.bg,
        color: c.ink,
        fontFamily: family('Sans'),
        padding: 64,
        borderTop: `16px solid ${c.accent}`,
      }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', width: '100%', height: '100%' }}>
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <div style={{ display: 'flex', alignItems: 'center', fontSize: 34, fontWeight: 700, fontFamily: family('Serif') }}>
            <svg width="48" height="48" viewBox="0 0 32 32" style={{ marginRight: 16 }}>
              <path fill={c.accent} d="M16 3 3 13v16h9v-9h8v9h9V13L16 3Z" />
            </svg>
            {BRAND}
          </div>
          <div
            style={{
              display: 'flex',
              fontSize: 24,
              fontWeight: 700,
              letterSpacing: 2,
              color: c.accent,
              border: `2px solid ${c.accent}`,
              borderRadius: 999,
              padding: '8px 22px',
            }}
          >
            {clip(upper(label(params.type, params.locale), params.locale), 28)}
          </div>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, justifyContent: 'center' }}>
          <div
            style={{
              display: 'block',
              fontFamily: family('Serif'),
              fontSize: size,
              fontWeight: 700,
              lineHeight: 1.12,
              lineClamp: 3,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              maxHeight: size * 1.12 * 3 + 4,
            }}
          >
            {clip(params.title, 140)}
          </div>
          {secondary && (
            <div
              style={{
                display: 'block',
                marginTop: 28,
                fontSize: isPost ? 32 : 30,
                fontWeight: isPost ? 700 : 400,
                color: isPost ? c.accent : c.ink2,
                lineHeight: 1.35,
                lineClamp: 2,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                maxHeight: 30 * 1.35 * 2 + 4,
              }}
            >
              {clip(secondary, 160)}
            </div>
          )}
        </div>
        <div style={{ display: 'flex', borderTop: `2px solid ${c.line}`, paddingTop: 22, fontSize: 24, color: c.ink2 }}>
          {clip(m.site_tagline({}, { locale: params.locale }), 90)}
        </div>
      </div>
    </div>
  )
}

export async function renderShareImage(params: OgParams): Promise<Buffer> {
  const svg = await satori(<Template params={params} />, {
    width: SHARE_IMAGE.width,
    height: SHARE_IMAGE.height,
    fonts: loadFonts(),
  })
  return new Resvg(svg, { fitTo: { mode: 'width', value: SHARE_IMAGE.width } }).render().asPng()
}
