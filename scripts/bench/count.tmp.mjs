import { chromium } from 'playwright'
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] })
const p = await b.newPage()
await p.goto('http://127.0.0.1:4499' + (process.argv[2] || '/en/blog/buying-property-in-spain-as-a-foreigner'), { waitUntil: 'networkidle' })
console.log(await p.evaluate(() => {
  const n = (s) => { const e = document.querySelector(s); return e ? e.querySelectorAll('*').length : 0 }
  const prose = [...document.querySelectorAll('.prose')].reduce((a, e) => a + e.querySelectorAll('*').length, 0)
  return { all: document.body.querySelectorAll('*').length, header: n('header'), footer: n('footer'), main: n('main'), prose, links: document.querySelectorAll('a').length, svg: document.querySelectorAll('svg *').length }
}))
await b.close()
