// Paraglide's own request middleware against ours (src/framework/locale-request.server.ts), in one
// process: the time each adds to a request that does nothing else, and the locale each resolves for
// a Greek page. The framework README's row for locale-request.server.ts cites this.
import { paraglideMiddleware } from '../../src/paraglide/server.js'
import { withLocale } from '../../src/framework/locale-request.server'
import { resolveLocale } from '../../src/i18n/resolve'
import { getLocale } from '../../src/paraglide/runtime'

const N = Number(process.env.BENCH_REQUESTS ?? 20_000)
const page = 'http://127.0.0.1:3000/el/blog/chores/ellada'
const request = () => new Request(page, { headers: { 'sec-fetch-dest': 'document', cookie: 'a=b', 'accept-language': 'de' } })

async function measure(once: (r: Request) => Promise<{ response: Response; locale: string }>) {
  let locale = ''
  for (let i = 0; i < 2_000; i++) locale = (await once(request())).locale
  const started = performance.now()
  for (let i = 0; i < N; i++) await once(request())
  return { us: ((performance.now() - started) * 1000) / N, locale }
}

const rows = [
  ['a Request and a Response, nothing else', await measure(async () => ({ response: new Response('x'), locale: '' }))],
  [
    'ours: resolveLocale + withLocale',
    await measure(async (r) => {
      const locale = resolveLocale({ pathname: new URL(r.url).pathname, acceptLanguage: r.headers.get('accept-language') })
      const response = await withLocale(r, locale, () => new Response(getLocale()))
      return { response, locale: await response.text() }
    }),
  ],
  [
    "Paraglide's paraglideMiddleware",
    await measure(async (r) => {
      let locale = ''
      const response = await paraglideMiddleware(r, ({ locale: found }) => {
        locale = found
        return new Response('x')
      })
      return { response, locale }
    }),
  ],
] as const

console.log(`| request wrapper | µs per request (${N} requests) | locale resolved for ${new URL(page).pathname} |`)
console.log('| --- | --- | --- |')
for (const [name, { us, locale }] of rows) console.log(`| ${name} | ${us.toFixed(1)} | ${locale || '—'} |`)
