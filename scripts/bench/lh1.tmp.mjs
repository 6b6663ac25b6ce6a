import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { writeFileSync } from 'node:fs'
const url = process.argv[2]
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] })
const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
await chrome.kill()
writeFileSync('/tmp/lh.json', JSON.stringify(r.lhr))
const a = r.lhr.audits
console.log('perf', r.lhr.categories.performance.score, 'FCP', a['first-contentful-paint'].numericValue, 'LCP', a['largest-contentful-paint'].numericValue, 'TBT', a['total-blocking-time'].numericValue, 'SI', a['speed-index'].numericValue)
for (const k of ['first-contentful-paint','largest-contentful-paint','total-blocking-time','speed-index','cumulative-layout-shift']) console.log(k, a[k].score)
console.log(JSON.stringify(a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet))
console.log(JSON.stringify(a['lcp-breakdown-insight']?.details?.items?.[0] ?? a['largest-contentful-paint-element']?.details?.items?.[1], null, 0)?.slice(0,600))
for (const q of a['network-requests'].details.items) console.log(Math.round(q.networkRequestTime), Math.round(q.networkEndTime), q.transferSize, q.resourceType, q.priority, q.url.slice(-60))
