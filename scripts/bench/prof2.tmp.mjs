import { chromium } from 'playwright'
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] })
const p = await b.newPage()
const c = await p.context().newCDPSession(p)
await c.send('Profiler.enable'); await c.send('Profiler.setSamplingInterval', { interval: 50 }); await c.send('Profiler.start')
await c.send('Emulation.setCPUThrottlingRate', { rate: 4 })
await p.goto('http://127.0.0.1:4499' + (process.argv[2] || '/en/blog/buying-property-in-spain-as-a-foreigner'), { waitUntil: 'networkidle' })
const { profile } = await c.send('Profiler.stop')
const byId = new Map(profile.nodes.map(n => [n.id, n]))
const parent = new Map(); for (const n of profile.nodes) for (const ch of n.children ?? []) parent.set(ch, n.id)
const dt = profile.timeDeltas; const self = new Map(); const total = new Map()
for (let i = 0; i < profile.samples.length; i++) { const id = profile.samples[i]; const d = dt[i] / 1000
  const n = byId.get(id); const k = n.callFrame.functionName + ' ' + n.callFrame.url.split('/').pop() + ':' + n.callFrame.lineNumber; self.set(k, (self.get(k) ?? 0) + d)
  const seen = new Set(); let cur = id; while (cur) { const m = byId.get(cur); const kk = m.callFrame.functionName + ' ' + m.callFrame.url.split('/').pop()+ ':' + m.callFrame.lineNumber; if (!seen.has(kk)) { total.set(kk, (total.get(kk) ?? 0) + d); seen.add(kk) } cur = parent.get(cur) } }
console.log('SELF'); for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(v.toFixed(1), k)
console.log('TOTAL'); for (const [k, v] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 60)) console.log(v.toFixed(1), k)
await b.close()
