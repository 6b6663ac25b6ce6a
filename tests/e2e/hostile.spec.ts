import { request as httpRequest } from 'node:http'
import { expect, test } from '@playwright/test'
import { baseURL } from '../../playwright.config'

type Case = {
  name: string
  method?: string
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
  multipart?: Record<string, string>
}

const evil = [
  '//evil.example',
  '/\\evil.example',
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
  '/%5C%5Cevil.example',
  '/\\/evil.example',
  '/%09/evil.example',
  '/https://evil.example',
  '/http:%2F%2Fevil.example',
]
const odd = [
  '..',
  '%2e%2e',
  '%2E%2E%2F',
  '%00',
  'a%00b',
  '%c0%ae%c0%ae',
  '%c0%af',
  '%e0%80%ae',
  '%ff%fe',
  '%',
  '%zz',
  '~',
  '.',
  '\\',
  '%5C..%5C',
  ';',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '<script>alert(1)</script>',
  '"onmouseover="alert(1)',
  "'",
  '%22%3E%3Csvg%20onload%3Dalert(1)%3E',
  'x'.repeat(10_000),
  'é',
  '%F0%9F%98%80',
  '..%2F..%2F..%2Fetc%2Fpasswd',
]
const prefixes = ['', '/en', '/de', '/el', '/en/blog', '/de/blog/laender', '/en/blog/countries', '/uk/konfidentsiinist', '/xx', '/en//blog']

function corpus(): Case[] {
  const cases: Case[] = []
  for (const prefix of prefixes) for (const segment of odd) cases.push({ name: 'odd path', path: `${prefix}/${segment}` })
  for (const target of evil) {
    for (const prefix of ['', '/en', '/de', '/de/about', '/en/blog', '/de/blog/countries', '/el/blog/countries']) {
      cases.push({ name: 'open redirect', path: `${prefix}${target}` })
      cases.push({ name: 'open redirect + query', path: `${prefix}${target}?next=https://evil.example` })
    }
  }
  for (const slug of ['UPPER', 'a'.repeat(500), '%00', 'ΑΒΓ', '..%2F..', '<img src=x onerror=alert(1)>', 'a/b/c', '-', '_', '.', '~~~']) {
    cases.push({ name: 'slug', path: `/en/blog/${encodeURIComponent(slug)}` })
    cases.push({ name: 'country', path: `/de/blog/laender/${encodeURIComponent(slug)}` })
  }
  const languages = [
    '',
    ';',
    ',,,',
    'q=abc',
    'de;q=NaN',
    '*',
    'x'.repeat(5000),
    'de-'.repeat(500),
    'zz-ZZ;q=1.0, ,;q=',
    '<script>',
    'de;q=-1,el;q=2',
    'ÿ',
  ]
  const locales = ['', 'xx', 'EN', '../', '%00', 'de; Path=/', 'x'.repeat(5000), '<script>', 'el\r\nSet-Cookie: a=b']
  for (const value of languages) cases.push({ name: 'accept-language', path: '/', headers: { 'accept-language': value } })
  for (const value of locales) cases.push({ name: 'locale cookie', path: '/', headers: { cookie: `PARAGLIDE_LOCALE=${encodeURIComponent(value)}` } })
  // The site has no server functions (decision 012): Start's endpoint answers 404 to every call,
  // whatever the id or the payload, GET or POST, and never with Start's error text.
  const sameOrigin = { 'sec-fetch-site': 'same-origin' }
  const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`
  const payloads = ['null', '{', '[]', '[1,2,3]', '42', '-1e999', '"text"', 'true', '{"t":0}', '{"t":10,"i":0}']
  for (const id of ['0'.repeat(64), 'a1'.repeat(32), 'abc', 'x'.repeat(300)]) {
    for (const payload of [...payloads, nested(300), `{"a":"${'x'.repeat(12_000)}"}`]) {
      cases.push({
        name: 'server fn GET payload',
        path: `/_serverFn/${id}?payload=${encodeURIComponent(payload)}&createServerFn`,
        headers: sameOrigin,
      })
    }
    for (const payload of [...payloads, nested(5000), `{"a":"${'x'.repeat(1_000_000)}"}`]) {
      cases.push({
        name: 'server fn POST payload',
        method: 'POST',
        path: `/_serverFn/${id}`,
        headers: { ...sameOrigin, 'content-type': 'application/json' },
        body: payload,
      })
    }
    cases.push({
      name: 'server fn POST form payload',
      method: 'POST',
      path: `/_serverFn/${id}`,
      headers: sameOrigin,
      multipart: { locale: 'de', slug: '<script>' },
    })
    cases.push({ name: 'server fn PUT payload', method: 'PUT', path: `/_serverFn/${id}`, headers: sameOrigin, body: 'x' })
  }
  // The data route the browser reads pages from: unknown kinds, locales and parameters are 404s.
  for (const path of [
    'site',
    'index/en',
    'index/xx',
    'post/en/nope',
    'post/de',
    'post/en/a/b',
    `post/en/${'a'.repeat(500)}`,
    'country/el/%2e%2e',
    'page/en/nope',
    'page/en/about',
    'nope/en/x',
    '%00',
    '..%2F..%2Fpackage',
    `post/en/${encodeURIComponent('<script>alert(1)</script>')}`,
  ]) {
    cases.push({ name: 'data route', path: `/api/data/${path}.json` })
  }
  // Search (issue 14): the page and its API answer any query, and refuse what is not a request for one.
  for (const q of [...odd, '%ED%A0%80abc', 'a&q=b&q=c', '%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E', '%00%07%1B', '%E2%80%AE']) {
    cases.push({ name: 'search page', path: `/de/suche?q=${q}` })
    cases.push({ name: 'search api', path: `/api/search?locale=de&q=${q}` })
  }
  for (const params of [
    '',
    'locale=',
    'q=a',
    'locale=xx&q=a',
    'locale=DE&q=a',
    'locale=de&limit=-1&q=a',
    'locale=de&limit=99999&q=a',
    'locale=de&limit=abc&q=a',
    'locale[]=de&q=a',
    'locale=de&q[]=a',
  ]) {
    cases.push({ name: 'search api params', path: `/api/search?${params}` })
  }
  const og: Array<Record<string, string>> = [
    {},
    { title: '' },
    { title: 'x'.repeat(301) },
    { title: 'ok', type: 'Nope' },
    { title: 'ok', type: 'generic' },
    { title: 'ok', mode: 'blue' },
    { title: 'ok', locale: 'xx' },
    { title: 'ok', locale: 'EN' },
    { title: 'ok', country: 'c'.repeat(81) },
    { title: 'ok', description: 'd'.repeat(401) },
    { title: 'ok', v: '../../x' },
    { title: 'ok', extra: 'y' },
    { title: '<script>alert(1)</script>' },
    { title: '\u0000\u0001' },
    { title: '%' },
  ]
  for (const params of og) cases.push({ name: 'share image', path: `/api/og?${new URLSearchParams(params)}` })
  cases.push({ name: 'share image repeated', path: '/api/og?title=a&title=b' })
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE']) {
    for (const path of ['/en/blog', '/', '/api/og?title=x', '/sitemap.xml', '/en/rss.xml', '/assets/nope.js', '/api/ph/e/']) {
      cases.push({ name: `method ${method}`, method, path, body: method === 'TRACE' || method === 'OPTIONS' ? undefined : 'x' })
    }
  }
  for (const path of [
    '/sitemaps/xx.xml',
    '/sitemaps/..%2Fen.xml',
    '/sitemaps/en',
    '/xx/rss.xml',
    '/assets/..%2F..%2Fpackage.json',
    '/assets/%2e%2e/server/server.js',
    '/api/ph/e/',
    '/api/nope',
    '/_serverFn',
    '/_serverFn/',
  ]) {
    cases.push({ name: 'endpoints', path })
  }
  return cases
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/** Sends the path byte for byte (fetch clients would normalize `..`, `\\` and `//`). */
function send(c: Case): Promise<Answer> {
  const target = new URL(baseURL)
  // Only bytes outside printable ASCII are escaped; everything hostile stays as written.
  const path = c.path.replace(/[^\x21-\x7e]/g, (ch) => encodeURIComponent(ch))
  let body = c.body
  const headers: Record<string, string> = { ...c.headers }
  if (c.multipart) {
    const boundary = 'estateatlasboundary'
    body =
      Object.entries(c.multipart)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('') + `--${boundary}--\r\n`
    headers['content-type'] = `multipart/form-data; boundary=${boundary}`
  }
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body))
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: target.hostname, port: target.port, method: c.method ?? 'GET', path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

test('hostile input: every case gets a 4xx or the right page, stays on site, reflects nothing raw', async () => {
  test.setTimeout(180_000)
  const cases = corpus()
  expect(cases.length).toBeGreaterThanOrEqual(500)
  const failures: string[] = []
  for (const c of cases) {
    let response: Answer
    try {
      response = await send(c)
    } catch (error) {
      failures.push(`no answer ${c.name}: ${c.path.slice(0, 80)} (${String(error)})`)
      continue
    }
    const status = response.status
    const label = `${c.name}: ${c.method ?? 'GET'} ${c.path.slice(0, 120)} → ${status}`
    if (status >= 500) failures.push(`5xx ${label}`)
    if (c.name.endsWith(' payload') && (status < 400 || status >= 500)) failures.push(`not 4xx ${label}`)
    if (
      (c.name.startsWith('server fn') || c.name === 'data route' || c.name.startsWith('search')) &&
      /TypeError|Cannot read propert|\n\s+at /.test(response.body)
    )
      failures.push(`internal error text ${label}`)
    const location = response.headers.location
    if (typeof location === 'string' && (new URL(location, baseURL).origin !== new URL(baseURL).origin || /^\/\/|^\/\\/.test(location))) {
      failures.push(`off-site redirect ${label} → ${location}`)
    }
    const type = String(response.headers['content-type'] ?? '')
    if (type.includes('html')) {
      const body = response.body
      for (const raw of ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"onmouseover="alert(1)', '<svg onload=alert(1)>']) {
        if (body.includes(raw)) failures.push(`reflected ${label}`)
      }
    }
  }
  expect(failures, failures.slice(0, 30).join('\n')).toEqual([])
  expect((await send({ name: 'health', path: '/en/blog' })).status).toBe(200)
  console.log(`hostile corpus: ${cases.length} cases`)
})
