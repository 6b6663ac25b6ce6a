// Takes the README screenshots from a running server: `npx tsx scripts/screenshots.ts [baseURL]`.
// Pages: blog index, a post and a guide in en, de and el, a guide in bg and uk; desktop and 375 px
// mobile; light and dark. Then search: the results under the header's field and the search page.
import { mkdirSync } from 'node:fs'
import { chromium } from '@playwright/test'

const base = process.argv[2] ?? 'http://127.0.0.1:3000'
const only = process.argv[3]
const out = 'docs/images'
mkdirSync(out, { recursive: true })

const pages: Record<string, Record<string, string | null>> = {
  en: { index: '/en/blog', post: '/en/blog/buying-property-in-spain-as-a-foreigner', guide: '/en/blog/countries/greece' },
  de: { index: '/de/blog', post: null, guide: '/de/blog/laender/spanien' },
  el: { index: '/el/blog', post: '/el/blog/agora-akinitou-stin-ispania', guide: '/el/blog/chores/ellada' },
  bg: { guide: '/bg/blog/strani/portugaliya' },
  uk: { guide: '/uk/blog/krainy/italiia' },
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
for (const [locale, paths] of Object.entries(pages)) {
  for (const [kind, path] of Object.entries(paths)) {
    const devices: [string, { width: number; height: number }][] = [
      ['desktop', { width: 1280, height: 900 }],
      ['mobile', { width: 375, height: 812 }],
    ]
    for (const [device, viewport] of devices) {
      for (const scheme of ['light', 'dark'] as const) {
        const name = `${kind}-${locale}-${device}-${scheme}`
        if (only && !name.includes(only)) continue
        const context = await browser.newContext({ viewport, colorScheme: scheme, deviceScaleFactor: 1 })
        const page = await context.newPage()
        let target = path
        if (!target) {
          await page.goto(`${base}/${locale}/blog`)
          target = await page.locator('main h3 a').first().getAttribute('href')
        }
        await page.goto(`${base}${target}`, { waitUntil: 'networkidle' })
        await page.screenshot({ path: `${out}/${name}.png`, fullPage: false })
        await context.close()
        console.log(`${out}/${name}.png`)
      }
    }
  }
}

// Search (issue 14): the list under the header's field while typing (`type`), and the search page.
// The key figures (issues 23, 38): the comparison as it opens, the German map, a guide's costs
// table, and on phones the Greek charts, the Bulgarian compact table sorted by one-off costs, the
// Ukrainian calculator's answer. `part` screenshots one element of the page.
type Shot = { name: string; path: string; type?: string; part?: string; viewport: { width: number; height: number }; scheme: 'light' | 'dark' }
const desktop = { width: 1280, height: 900 }
const phone = { width: 375, height: 812 }
const shots: Shot[] = [
  { name: 'search-panel-el-desktop-light', path: '/el/blog', type: 'Αθηνα', viewport: desktop, scheme: 'light' },
  { name: 'search-panel-de-desktop-dark', path: '/de/blog', type: 'Steuern', viewport: desktop, scheme: 'dark' },
  { name: 'search-panel-uk-mobile-light', path: '/uk/blog', type: 'податки', viewport: phone, scheme: 'light' },
  { name: 'search-page-bg-mobile-light', path: '/bg/tarsene?q=данъци', viewport: phone, scheme: 'light' },
  { name: 'search-page-el-mobile-dark', path: '/el/anazitisi?q=ακινητα', viewport: phone, scheme: 'dark' },
  { name: 'search-page-de-desktop-light', path: '/de/suche?q=Steuern', viewport: desktop, scheme: 'light' },
  { name: 'compare-en-desktop-light', path: '/en/blog/countries/compare', viewport: desktop, scheme: 'light' },
  {
    name: 'compare-de-map-desktop-dark',
    path: '/de/blog/laender/vergleich?map=pricePerM2',
    part: '#kf-map figure',
    viewport: desktop,
    scheme: 'dark',
  },
  { name: 'guide-en-key-figures-desktop-light', path: '/en/blog/countries/greece', part: 'table.kf-costs', viewport: desktop, scheme: 'light' },
  { name: 'compare-el-charts-mobile-light', path: '/el/blog/chores/sygkrisi', part: '#kf-part-charts figure', viewport: phone, scheme: 'light' },
  { name: 'compare-bg-mobile-dark', path: '/bg/blog/strani/sravnenie?sort=oneOff&dir=asc', part: '#kf-table', viewport: phone, scheme: 'dark' },
  // The readers' side (issue 39): the contact form, the newsletter page, a guide's sign-up preset to its country.
  { name: 'contact-form-el-mobile-light', path: '/el/epikoinonia', part: 'section[aria-labelledby="cf-title"]', viewport: phone, scheme: 'light' },
  { name: 'newsletter-uk-mobile-dark', path: '/uk/rozsylka', viewport: phone, scheme: 'dark' },
  { name: 'guide-newsletter-bg-mobile-light', path: '/bg/blog/strani/gartsiya', part: 'form:has(#nl-guide-title)', viewport: phone, scheme: 'light' },
  {
    name: 'calculator-uk-mobile-light',
    path: '/uk/blog/krainy/kipr?price=330000&kind=new&main=yes&area=150',
    part: '#calculator',
    viewport: phone,
    scheme: 'light',
  },
]
for (const shot of shots) {
  if (only && !shot.name.includes(only)) continue
  const context = await browser.newContext({ viewport: shot.viewport, colorScheme: shot.scheme, deviceScaleFactor: 1 })
  const page = await context.newPage()
  await page.goto(`${base}${shot.path}`, { waitUntil: 'networkidle' })
  if (shot.type) {
    await page.locator('#site-search').click()
    await page.keyboard.type(shot.type)
    await page.locator('#site-search-results [role=option]').first().waitFor()
  }
  if (shot.part)
    await page
      .locator(shot.part)
      .first()
      .screenshot({ path: `${out}/${shot.name}.png` })
  else await page.screenshot({ path: `${out}/${shot.name}.png`, fullPage: false })
  await context.close()
  console.log(`${out}/${shot.name}.png`)
}
await browser.close()
