import { chromium } from 'playwright'
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] })
for (let i = 0; i < 3; i++) {
const p = await b.newPage()
const c = await p.context().newCDPSession(p)
await c.send('Emulation.setCPUThrottlingRate', { rate: 4 })
await p.goto('http://127.0.0.1:4499' + (process.argv[2] || '/en/blog/buying-property-in-spain-as-a-foreigner'), { waitUntil: 'networkidle' })
const r = await p.evaluate(() => { const m = Object.fromEntries(performance.getEntriesByType('mark').map(e => [e.name, Math.round(e.startTime)])); const n = performance.getEntriesByType('navigation')[0]; const fcp = performance.getEntriesByName('first-contentful-paint')[0]; return { ...m, dcl: Math.round(n.domContentLoadedEventEnd), fcp: Math.round(fcp?.startTime) } })
console.log(JSON.stringify(r))
await p.close()
}
await b.close()
