import { describe, expect, it } from 'vitest'
import { readConfig } from './config.ts'

describe('configuration', () => {
  it('has working defaults with nothing set', () => {
    const config = readConfig({})
    expect(config).toMatchObject({ PORT: 3000, SITE_URL: 'http://localhost:3000', POSTHOG_HOST: 'https://eu.i.posthog.com' })
    expect(config.POSTHOG_KEY).toBeUndefined()
  })

  it('stops with a clear message for a malformed POSTHOG_HOST', () => {
    expect(() => readConfig({ POSTHOG_HOST: 'eu.i.posthog.com' })).toThrow(/POSTHOG_HOST must be an absolute http\(s\) URL/)
    expect(() => readConfig({ POSTHOG_HOST: 'javascript:alert(1)' })).toThrow(/POSTHOG_HOST/)
    expect(() => readConfig({ POSTHOG_HOST: 'https://user:pw@eu.i.posthog.com' })).toThrow(/without credentials/)
  })

  it('rejects bad ports, site URLs and keys', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => readConfig({ PORT: '70000' })).toThrow(/PORT/)
    expect(() => readConfig({ SITE_URL: 'not a url' })).toThrow(/SITE_URL/)
    expect(() => readConfig({ POSTHOG_KEY: 'phc <script>' })).toThrow(/POSTHOG_KEY/)
  })

  it('trims a trailing slash from URLs', () => {
    expect(readConfig({ SITE_URL: 'https://estateatlas.example/' }).SITE_URL).toBe('https://estateatlas.example')
  })

  it('keeps the editorial interface off unless enabled, and then needs its key and accounts on one worker', () => {
    expect(readConfig({}).CMS_ENABLED).toBe(false)
    expect(() => readConfig({ CMS_ENABLED: '1' })).toThrow(/CMS_SECRET: required[\s\S]*CMS_USERS_FILE: required/)
    expect(() => readConfig({ CMS_ENABLED: '1', CMS_SECRET: 'short', CMS_USERS_FILE: 'u.json' })).toThrow(/at least 32/)
    const on = { CMS_ENABLED: '1', CMS_SECRET: 'x'.repeat(32), CMS_USERS_FILE: 'u.json' }
    expect(readConfig(on).WEB_CONCURRENCY).toBe(1)
    expect(() => readConfig({ ...on, WEB_CONCURRENCY: '4' })).toThrow(/one worker/)
  })

  it('bounds the analytics proxy, with defaults', () => {
    expect(readConfig({})).toMatchObject({ POSTHOG_DEADLINE_MS: 10_000, POSTHOG_MAX_RESPONSE_MB: 4 })
    const set = { POSTHOG_DEADLINE_MS: '20000', POSTHOG_MAX_RESPONSE_MB: '16' }
    expect(readConfig(set)).toMatchObject({ POSTHOG_DEADLINE_MS: 20_000, POSTHOG_MAX_RESPONSE_MB: 16 })
    expect(() => readConfig({ POSTHOG_DEADLINE_MS: 'soon' })).toThrow(/POSTHOG_DEADLINE_MS/)
    expect(() => readConfig({ POSTHOG_MAX_RESPONSE_MB: '0' })).toThrow(/POSTHOG_MAX_RESPONSE_MB/)
    expect(readConfig({ POSTHOG_TIMEOUT_MS: '20000' }).POSTHOG_DEADLINE_MS).toBe(20_000)
    // An overall deadline shorter than the idle timeout would make that timeout meaningless.
    expect(() => readConfig({ POSTHOG_TIMEOUT_MS: '8000', POSTHOG_DEADLINE_MS: '5000' })).toThrow(
      /POSTHOG_DEADLINE_MS: must be at least POSTHOG_TIMEOUT_MS/,
    )
  })

  it('bounds share-image renders per worker, with defaults', () => {
    expect(readConfig({})).toMatchObject({ OG_RENDER_CONCURRENCY: 2, OG_RENDER_QUEUE: 8 })
    expect(readConfig({ OG_RENDER_CONCURRENCY: '4', OG_RENDER_QUEUE: '0' })).toMatchObject({ OG_RENDER_CONCURRENCY: 4, OG_RENDER_QUEUE: 0 })
    expect(() => readConfig({ OG_RENDER_CONCURRENCY: '0' })).toThrow(/OG_RENDER_CONCURRENCY/)
    expect(() => readConfig({ OG_RENDER_CONCURRENCY: 'two' })).toThrow(/OG_RENDER_CONCURRENCY/)
    expect(() => readConfig({ OG_RENDER_QUEUE: '-1' })).toThrow(/OG_RENDER_QUEUE/)
  })

  it('reads the readers’ settings: off without a secret, a data folder by default, mail only with a sender', () => {
    const config = readConfig({})
    expect(config).toMatchObject({ DATA_DIR: './data', DIGEST_SCHEDULE: 'daily:07:00', DIGEST_TIMEZONE: 'UTC' })
    expect(config.READERS_SECRET).toBeUndefined()
    expect(config.DATABASE_URL).toBeUndefined()
    expect(() => readConfig({ READERS_SECRET: 'short' })).toThrow(/READERS_SECRET must have at least 32/)
    expect(readConfig({ DATABASE_URL: 'postgresql://app:secret@db.internal:5432/atlas' }).DATABASE_URL).toMatch(/^postgresql:/)
    expect(() => readConfig({ DATABASE_URL: 'mysql://db/atlas' })).toThrow(/DATABASE_URL must be a URL such as postgres:/)
    expect(() => readConfig({ SMTP_URL: 'smtps://user:pw@mail.example.com:465' })).toThrow(/MAIL_FROM: required with SMTP_URL/)
    const mail = readConfig({ SMTP_URL: 'smtps://user:pw@mail.example.com:465', MAIL_FROM: 'Estate Atlas <news@example.com>' })
    expect(mail.MAIL_FROM).toBe('Estate Atlas <news@example.com>')
    expect(() => readConfig({ SMTP_URL: 'https://mail.example.com' })).toThrow(/SMTP_URL must be a URL such as smtps:/)
    expect(() => readConfig({ MAIL_FROM: 'news at example' })).toThrow(/MAIL_FROM must be an address/)
    expect(() => readConfig({ DIGEST_SCHEDULE: 'weekly:funday:07:00' })).toThrow(/DIGEST_SCHEDULE:/)
    expect(() => readConfig({ DIGEST_TIMEZONE: 'Mars/Olympus' })).toThrow(/DIGEST_TIMEZONE: unknown time zone/)
  })
})
