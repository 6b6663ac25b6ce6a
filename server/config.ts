// Configuration comes from the environment only, validated once at start with a clear message.
import { availableParallelism } from 'node:os'
import { z } from 'zod'

const url = (name: string) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        const u = new URL(v)
        return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password
      } catch {
        return false
      }
    }, `${name} must be an absolute http(s) URL without credentials, such as https://example.com`)
    .transform((v) => v.replace(/\/+$/, ''))

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  SITE_URL: url('SITE_URL').optional(),
  CONTENT_DIR: z.string().trim().min(1).optional(),
  // The secret behind `?preview=`: long enough not to be guessed, and safe inside a cookie.
  PREVIEW_TOKEN: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,200}$/, 'PREVIEW_TOKEN must be 16 to 200 letters, digits, _ or -')
    .optional(),
  POSTHOG_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'POSTHOG_KEY must be a PostHog project API key (phc_...)')
    .optional(),
  POSTHOG_HOST: url('POSTHOG_HOST').default('https://eu.i.posthog.com'),
  POSTHOG_ASSETS_HOST: url('POSTHOG_ASSETS_HOST').optional(),
  POSTHOG_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  PAGE_CACHE: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
})

export type Config = ReturnType<typeof readConfig>

/** Parses the environment; empty strings count as unset. Throws one readable message. */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const result = schema.safeParse(cleaned)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const config = result.data
  return {
    ...config,
    SITE_URL: config.SITE_URL ?? `http://localhost:${config.PORT}`,
    WEB_CONCURRENCY: config.WEB_CONCURRENCY ?? availableParallelism(),
  }
}
