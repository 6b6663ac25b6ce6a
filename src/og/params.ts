/** The share-image endpoint's parameters (product spec section 7), validated at the boundary. */
import { z } from 'zod'
import { locales } from '../paraglide/runtime'

import { ogTypes } from './path'

const text = (max: number) =>
  z
    .string()
    .transform((s) =>
      s
        // eslint-disable-next-line no-control-regex -- removing control characters is the point
        .replace(/[\u0000-\u001f\u007f]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .pipe(z.string().max(max, `must be at most ${max} characters`))

const ogParamsSchema = z.strictObject({
  title: text(300).pipe(z.string().min(1, 'is required')),
  type: z.enum(ogTypes).default('Generic'),
  mode: z.enum(['light', 'dark']).default('light'),
  locale: z.enum(locales).default('en'),
  country: text(80).optional(),
  description: text(400).optional(),
  v: z
    .string()
    .max(20)
    .regex(/^[0-9a-z.-]*$/, 'must be a version such as 1')
    .optional(),
})
export type OgParams = z.output<typeof ogParamsSchema>

/** Parses a query string; repeated parameters are an error rather than a silent pick. */
export function parseOgParams(search: URLSearchParams) {
  const raw: Record<string, string> = {}
  const duplicates: string[] = []
  for (const [key, value] of search) {
    if (key in raw) duplicates.push(key)
    raw[key] = value
  }
  if (duplicates.length) {
    return { success: false as const, errors: duplicates.map((k) => `${k}: given more than once`) }
  }
  const result = ogParamsSchema.safeParse(raw)
  if (result.success) return { success: true as const, data: result.data }
  return {
    success: false as const,
    errors: result.error.issues.map((i) => `${i.path.join('.') || 'query'}: ${i.message}`),
  }
}
