import { describe, expect, it } from 'vitest'
import { cachedRender, cacheSize } from './cache.server'
import { parseOgParams } from './params'
import { ogImagePath, ogTypes } from './path'
import { clip, renderShareImage, upper } from './render.server'

const png = { width: (b: Buffer) => b.readUInt32BE(16), height: (b: Buffer) => b.readUInt32BE(20) }
const isPng = (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
const params = (q: Record<string, string>) => {
  const parsed = parseOgParams(new URLSearchParams(q))
  if (!parsed.success) throw new Error(parsed.errors.join('; '))
  return parsed.data
}

describe('share image parameters', () => {
  it('accepts the spec parameters with defaults', () => {
    expect(params({ title: 'Hello' })).toEqual({ title: 'Hello', type: 'Generic', mode: 'light', locale: 'en' })
  })

  it.each([
    [{}, /title: /],
    [{ title: '   ' }, /title: is required/],
    [{ title: 'x', type: 'Poster' }, /type: /],
    [{ title: 'x', mode: 'sepia' }, /mode: /],
    [{ title: 'x', locale: 'ru' }, /locale: /],
    [{ title: 'x'.repeat(301) }, /title: must be at most 300/],
    [{ title: 'x', country: 'y'.repeat(81) }, /country: /],
    [{ title: 'x', description: 'y'.repeat(401) }, /description: /],
    [{ title: 'x', v: '<script>' }, /v: /],
    [{ title: 'x', extra: '1' }, /extra|Unrecognized/],
  ])('rejects %j with a message', (query, message) => {
    const parsed = parseOgParams(new URLSearchParams(query))
    expect(parsed.success).toBe(false)
    if (!parsed.success) expect(parsed.errors.join('\n')).toMatch(message)
  })

  it('rejects repeated parameters', () => {
    const parsed = parseOgParams(new URLSearchParams('title=a&title=b'))
    expect(parsed.success).toBe(false)
  })

  it('builds the versioned path pages put in their head', () => {
    expect(ogImagePath({ title: 'Spain & tax', type: 'BlogPost', locale: 'es', country: 'España' })).toBe(
      '/api/og?title=Spain+%26+tax&type=BlogPost&mode=light&locale=es&country=Espa%C3%B1a&v=1',
    )
  })
})

describe('share image rendering', () => {
  it.each(ogTypes.flatMap((type) => (['light', 'dark'] as const).map((mode) => [type, mode] as const)))(
    'renders %s in %s as a 1200x630 PNG',
    async (type, mode) => {
      const image = await renderShareImage(params({ title: 'Buying property in Spain', type, mode, description: 'A guide', country: 'Spain' }))
      expect(isPng(image)).toBe(true)
      expect([png.width(image), png.height(image)]).toEqual([1200, 630])
    },
  )

  it.each([
    ['el', 'Αγορά ακινήτου στην Ισπανία'],
    ['bg', 'Купуване на имот в Испания'],
    ['uk', 'Купівля нерухомості в Іспанії'],
    ['pl', 'Zakup nieruchomości: łódź, źdźbło, żółć'],
    ['ro', 'Proprietăți în România: ștampilă și țară'],
  ])('draws the %s title glyphs', async (locale, title) => {
    const withTitle = await renderShareImage(params({ title, locale }))
    const withoutGlyphs = await renderShareImage(params({ title: ' '.repeat(3) + '.', locale }))
    expect(withTitle.length).toBeGreaterThan(withoutGlyphs.length + 2000)
    // A font without these glyphs would draw the same fallback box for each one: compare two titles
    // of equal length in the same script; real glyphs give different images.
    const other = await renderShareImage(params({ title: [...title].reverse().join(''), locale }))
    expect(other.equals(withTitle)).toBe(false)
  })

  it('renders a very long title without failing and keeps the canvas size', async () => {
    const image = await renderShareImage(
      params({
        title: 'Sehr langer Titel mit Donaudampfschifffahrtsgesellschaftskapitän '.repeat(4).trim(),
        locale: 'de',
        type: 'BlogPost',
        country: 'Deutschland',
      }),
    )
    expect([png.width(image), png.height(image)]).toEqual([1200, 630])
  })

  it('clips at a word boundary with an ellipsis and writes Greek capitals without accents', () => {
    expect(clip('alpha beta gamma delta', 15)).toBe('alpha beta…')
    expect(clip('short', 12)).toBe('short')
    expect(upper('Άρθρο', 'el')).toBe('ΑΡΘΡΟ')
    expect(upper('Article', 'fr')).toBe('ARTICLE')
  })

  it('serves repeated requests from the cache', async () => {
    let renders = 0
    const render = async () => {
      renders++
      return Buffer.from('png')
    }
    const p = params({ title: 'Cached' })
    await Promise.all([cachedRender(p, render), cachedRender(p, render), cachedRender({ ...p }, render)])
    expect(renders).toBe(1)
    expect(cacheSize()).toBeGreaterThan(0)
  })
})
