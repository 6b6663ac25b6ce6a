// Configuration comes from the environment only, validated once at start with a clear message.
import { availableParallelism } from 'node:os'
import { z } from 'zod'
import { parseDigestSchedule } from './readers/schedule.ts'

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

/** A URL of one of `protocols`; credentials allowed (they are the SMTP or database login). */
const serviceUrl = (name: string, protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        const u = new URL(v)
        return protocols.includes(u.protocol)
      } catch {
        return false
      }
    }, `${name} must be a URL such as ${example}`)

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  SITE_URL: url('SITE_URL').optional(),
  CONTENT_DIR: z.string().trim().min(1).optional(),
  // Set by a cluster's primary for its workers: the snapshot of the last good content (decision 024).
  CONTENT_SNAPSHOT_DIR: z.string().trim().min(1).optional(),
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
  // The analytics proxy's overall deadline per exchange and the most it relays of one answer (issue 35).
  POSTHOG_DEADLINE_MS: z.coerce.number().int().min(100).max(300_000).optional(),
  POSTHOG_MAX_RESPONSE_MB: z.coerce.number().int().min(1).max(256).default(4),
  // Share images drawn at once per worker, and how many may wait; beyond that /api/og answers 503 (issue 35).
  // src/og/limit.server.ts reads them; the same bounds here make a bad value stop the start.
  OG_RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  OG_RENDER_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  PAGE_CACHE: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  // Connections a worker holds at once; more are closed as they arrive (issue 35).
  MAX_CONNECTIONS: z.coerce.number().int().min(16).max(100_000).default(2048),
  // One JSON line per request on standard output (method, path, status, duration, request id).
  LOG_REQUESTS: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  // Prometheus metrics at /metrics, only with this bearer token (unset: the path answers 404).
  METRICS_TOKEN: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.~+/=-]{16,200}$/, 'METRICS_TOKEN must be 16 to 200 characters of a token (openssl rand -hex 24)')
    .optional(),
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  // The editorial interface (decision 019): off unless enabled, and then only with a signing key and accounts.
  CMS_ENABLED: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  CMS_SECRET: z.string().trim().min(32, 'CMS_SECRET must have at least 32 characters (openssl rand -base64 32)').optional(),
  CMS_USERS_FILE: z.string().trim().min(1).optional(),
  CMS_AUDIT_LOG: z.string().trim().min(1).optional(),
  // Readers (issue 39, decision 029): sign-up, contact forms and their mail. Off without READERS_SECRET.
  // Where the SQLite file (readers.sqlite) is kept when DATABASE_URL is unset.
  DATA_DIR: z.string().trim().min(1).default('./data'),
  // PostgreSQL instead of the SQLite file, for several nodes behind a load balancer.
  DATABASE_URL: serviceUrl('DATABASE_URL', ['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/estate_atlas').optional(),
  // Where mail goes out: smtp://host:587 (STARTTLS when offered) or smtps://user:password@host:465.
  SMTP_URL: serviceUrl('SMTP_URL', ['smtp:', 'smtps:'], 'smtps://user:password@mail.example.com:465').optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(
      /^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/,
      'MAIL_FROM must be an address, or a name and <address>: Estate Atlas <news@example.com>',
    )
    .optional(),
  // Signs readers' links and form challenges and keys the address hashes; changing it ends every link sent.
  READERS_SECRET: z.string().trim().min(32, 'READERS_SECRET must have at least 32 characters (openssl rand -base64 32)').optional(),
  // When the digest runs: daily:07:00 (readers who chose 'when something changes' get at most a mail a
  // day, weekly readers one a week), weekly:mon:07:00 or a cron pattern, in DIGEST_TIMEZONE.
  DIGEST_SCHEDULE: z.string().trim().min(1).default('daily:07:00'),
  DIGEST_TIMEZONE: z.string().trim().min(1).default('UTC'),
  // How long a worker holds a mail it is sending before another may take it over (it died mid-send):
  // longer than one SMTP exchange (the mailer waits at most 60 s of silence).
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(2).max(86_400).default(600),
  // Static exports whose forms post here (built with FORMS_ORIGIN=this server): their origins, a, b.
  FORMS_ALLOWED_ORIGINS: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.split(',').map((o) => o.trim()) : []))
    .pipe(
      z.array(
        z.string().refine((o) => {
          try {
            return new URL(o).origin === o
          } catch {
            return false
          }
        }, 'FORMS_ALLOWED_ORIGINS must be origins separated by commas: https://www.example.com, https://example.com'),
      ),
    ),
  // Who is told of a new contact or partner message, besides the editorial interface's editors: a, b.
  EDITOR_EMAILS: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.split(',').map((a) => a.trim().toLowerCase()) : []))
    .pipe(z.array(z.email('EDITOR_EMAILS must be addresses separated by commas: editors@example.com, news@example.com'))),
})

export type Config = ReturnType<typeof readConfig>

/** The variables the schema reads (src/config/env.server.ts reads the environment again when one changes). */
export const configKeys = Object.keys(schema.shape)

/**
 * Node's own variables, which the process entry reads before anything else: the flags given in
 * NODE_OPTIONS, and NODE_ENV, set to production when unset (React's development build serves at
 * half the speed, and a process manager may start the entry without it). Returns the environment
 * to start the process again with.
 */
export function nodeRuntime(env: NodeJS.ProcessEnv = process.env) {
  env.NODE_ENV ??= 'production'
  return { options: (env.NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean), env }
}

/** Parses the environment; empty strings count as unset. Throws one readable message. */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const result = schema.safeParse(cleaned)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const config = result.data
  if (config.POSTHOG_DEADLINE_MS !== undefined && config.POSTHOG_DEADLINE_MS < config.POSTHOG_TIMEOUT_MS) {
    throw new Error('Invalid configuration:\n  POSTHOG_DEADLINE_MS: must be at least POSTHOG_TIMEOUT_MS (the idle timeout)')
  }
  if (config.SMTP_URL && !config.MAIL_FROM) {
    throw new Error("Invalid configuration:\n  MAIL_FROM: required with SMTP_URL (the sender of readers' mail)")
  }
  try {
    parseDigestSchedule(config.DIGEST_SCHEDULE, config.DIGEST_TIMEZONE)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const key = message.startsWith('unknown time zone') ? 'DIGEST_TIMEZONE' : 'DIGEST_SCHEDULE'
    throw new Error(`Invalid configuration:\n  ${key}: ${message}`)
  }
  if (config.CMS_ENABLED) {
    const missing = [
      !config.CMS_SECRET && '  CMS_SECRET: required with CMS_ENABLED=1 (the key that signs sessions)',
      !config.CMS_USERS_FILE && '  CMS_USERS_FILE: required with CMS_ENABLED=1 (the accounts file, made with npm run cms:user)',
      // Sign-in limits and the versions of open documents are kept in the process (docs/deploy.md).
      config.WEB_CONCURRENCY !== undefined &&
        config.WEB_CONCURRENCY > 1 &&
        '  WEB_CONCURRENCY: the editorial node runs one worker; leave it unset or 1 with CMS_ENABLED=1',
    ].filter(Boolean)
    if (missing.length) throw new Error(`Invalid configuration:\n${missing.join('\n')}`)
  }
  return {
    ...config,
    SITE_URL: config.SITE_URL ?? `http://localhost:${config.PORT}`,
    WEB_CONCURRENCY: config.WEB_CONCURRENCY ?? (config.CMS_ENABLED ? 1 : availableParallelism()),
    // Unset: 10 s, or the idle timeout where that is longer (a setting that worked before still does).
    POSTHOG_DEADLINE_MS: config.POSTHOG_DEADLINE_MS ?? Math.max(10_000, config.POSTHOG_TIMEOUT_MS),
  }
}
