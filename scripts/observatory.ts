// Grades response headers by the public HTTP Observatory's rules (MDN Observatory, scoring v2):
// start at 100, add each test's modifier, A+ from 100. Pure; see observatory.test.ts.

/** One test's outcome and its effect on the score. */
export type TestResult = { test: string; result: string; modifier: number }

const directives = (csp: string): Record<string, string[] | undefined> =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name.toLowerCase(), values.map((v) => v.toLowerCase())]),
  )

export function gradeCsp(csp: string | undefined): TestResult {
  if (!csp) return { test: 'content-security-policy', result: 'csp-not-implemented', modifier: -25 }
  const d = directives(csp)
  const script = d['script-src'] ?? d['default-src'] ?? []
  const style = d['style-src'] ?? d['default-src'] ?? []
  const active = [...script, ...(d['object-src'] ?? d['default-src'] ?? [])]
  const usesHashOrNonce = script.some((s) => s.startsWith("'sha") || s.startsWith("'nonce-") || s === "'strict-dynamic'")
  if (script.includes("'unsafe-inline'") && !usesHashOrNonce)
    return { test: 'content-security-policy', result: 'csp-implemented-with-unsafe-inline', modifier: -20 }
  if (active.some((s) => s === 'http:' || s.startsWith('http://')))
    return { test: 'content-security-policy', result: 'csp-implemented-with-insecure-scheme', modifier: -20 }
  if (script.includes("'unsafe-eval'")) return { test: 'content-security-policy', result: 'csp-implemented-with-unsafe-eval', modifier: -10 }
  if (style.includes("'unsafe-inline'"))
    return { test: 'content-security-policy', result: 'csp-implemented-with-unsafe-inline-in-style-src-only', modifier: 0 }
  if ((d['default-src'] ?? []).includes("'none'"))
    return { test: 'content-security-policy', result: 'csp-implemented-with-no-unsafe-default-src-none', modifier: 10 }
  return { test: 'content-security-policy', result: 'csp-implemented-with-no-unsafe', modifier: 5 }
}

export function grade(
  headers: Record<string, unknown>,
  { https = true }: { https?: boolean } = {},
): { score: number; letter: string; results: TestResult[] } {
  const h = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v)]))
  const results = [gradeCsp(h['content-security-policy'])]

  const cookies = h['set-cookie']
  if (!cookies) results.push({ test: 'cookies', result: 'cookies-not-found', modifier: 0 })
  else if (/secure/i.test(cookies) && /samesite/i.test(cookies))
    results.push({ test: 'cookies', result: 'cookies-secure-with-samesite', modifier: 0 })
  else results.push({ test: 'cookies', result: 'cookies-without-secure-flag', modifier: -20 })

  const acao = h['access-control-allow-origin']
  results.push(
    acao === '*' && h['access-control-allow-credentials'] === 'true'
      ? { test: 'cross-origin-resource-sharing', result: 'cross-origin-resource-sharing-implemented-with-universal-access', modifier: -50 }
      : {
          test: 'cross-origin-resource-sharing',
          result: acao ? 'cross-origin-resource-sharing-implemented-with-public-access' : 'cross-origin-resource-sharing-not-implemented',
          modifier: 0,
        },
  )

  const referrer = (h['referrer-policy'] ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .at(-1)
  const privateReferrer = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']
  results.push(
    !referrer
      ? { test: 'referrer-policy', result: 'referrer-policy-not-implemented', modifier: 0 }
      : privateReferrer.includes(referrer)
        ? { test: 'referrer-policy', result: 'referrer-policy-private', modifier: 5 }
        : { test: 'referrer-policy', result: 'referrer-policy-unsafe', modifier: -5 },
  )

  if (https) {
    const maxAge = Number(/max-age=(\d+)/i.exec(h['strict-transport-security'] ?? '')?.[1] ?? 0)
    results.push(
      !h['strict-transport-security']
        ? { test: 'strict-transport-security', result: 'hsts-not-implemented', modifier: -20 }
        : maxAge >= 15_768_000
          ? { test: 'strict-transport-security', result: 'hsts-implemented-max-age-at-least-six-months', modifier: 0 }
          : { test: 'strict-transport-security', result: 'hsts-implemented-max-age-less-than-six-months', modifier: -10 },
    )
  }

  results.push({ test: 'subresource-integrity', result: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin', modifier: 0 })

  results.push(
    (h['x-content-type-options'] ?? '').toLowerCase() === 'nosniff'
      ? { test: 'x-content-type-options', result: 'x-content-type-options-nosniff', modifier: 0 }
      : { test: 'x-content-type-options', result: 'x-content-type-options-not-implemented', modifier: -5 },
  )

  const frameAncestors = directives(h['content-security-policy'] ?? '')['frame-ancestors']
  results.push(
    frameAncestors
      ? { test: 'x-frame-options', result: 'x-frame-options-implemented-via-csp', modifier: 5 }
      : /^(deny|sameorigin)$/i.test(h['x-frame-options'] ?? '')
        ? { test: 'x-frame-options', result: 'x-frame-options-sameorigin-or-deny', modifier: 0 }
        : { test: 'x-frame-options', result: 'x-frame-options-not-implemented', modifier: -20 },
  )

  const corp = (h['cross-origin-resource-policy'] ?? '').toLowerCase()
  results.push({ test: 'cross-origin-resource-policy', result: corp ? `corp-implemented-with-${corp}` : 'corp-not-implemented', modifier: 0 })

  const score = 100 + results.reduce((sum, r) => sum + r.modifier, 0)
  const letter =
    score >= 100
      ? 'A+'
      : score >= 90
        ? 'A'
        : score >= 85
          ? 'A-'
          : score >= 80
            ? 'B+'
            : score >= 70
              ? 'B'
              : score >= 65
                ? 'B-'
                : score >= 60
                  ? 'C+'
                  : score >= 50
                    ? 'C'
                    : score >= 45
                      ? 'C-'
                      : score >= 40
                        ? 'D+'
                        : score >= 30
                          ? 'D'
                          : score >= 25
                            ? 'D-'
                            : 'F'
  return { score, letter, results }
}
