/**
 * When the digest runs (DIGEST_SCHEDULE, DIGEST_TIMEZONE): a short form, `weekly:mon:07:00` or
 * `daily:07:00`, or any cron pattern croner reads (`0 7 * * 1`, `@weekly`). The run a moment
 * belongs to (`digestPeriod`) names the digest in its idempotency key, so running it twice in one
 * period, or again after an outage, queues nothing twice.
 */
import { Cron } from 'croner'

export type DigestSchedule = { pattern: string; timezone: string }

const days = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 } as const

function isDay(text: string): text is keyof typeof days {
  return Object.hasOwn(days, text)
}

function shortForm(text: string): string | null {
  const time = '([01]\\d|2[0-3]):([0-5]\\d)'
  const weekly = new RegExp(`^weekly:([a-z]{3}):${time}$`).exec(text)
  if (weekly) {
    const [, day, hour, minute] = weekly
    if (!isDay(day)) throw new Error(`unknown day "${day}" (mon, tue, wed, thu, fri, sat or sun)`)
    return `${Number(minute)} ${Number(hour)} * * ${days[day]}`
  }
  const daily = new RegExp(`^daily:${time}$`).exec(text)
  return daily ? `${Number(daily[2])} ${Number(daily[1])} * * *` : null
}

/** Throws a message fit for the configuration error when the text or the time zone is not valid. */
export function parseDigestSchedule(text: string, timezone = 'UTC'): DigestSchedule {
  const trimmed = text.trim().toLowerCase()
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone })
  } catch {
    throw new Error(`unknown time zone "${timezone}" (an IANA name such as Europe/Berlin)`)
  }
  const pattern = shortForm(trimmed) ?? trimmed
  try {
    new Cron(pattern, { timezone })
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^CronPattern:\s*/, '') : String(error)
    throw new Error(`"${text}" is neither weekly:DAY:HH:MM, daily:HH:MM nor a cron pattern (${reason})`)
  }
  return { pattern, timezone }
}

/** The first run strictly after `after` (milliseconds), or null when the pattern has no more. */
export function nextDigestRun(schedule: DigestSchedule, after: number): number | null {
  return new Cron(schedule.pattern, { timezone: schedule.timezone }).nextRun(new Date(after))?.getTime() ?? null
}

/**
 * The period `at` falls in, named by the run that opened it (the last run at or before `at`), as
 * an ISO date-time: `digest:<subscriber>:<period>` is then one digest per reader and period.
 */
export function digestPeriod(schedule: DigestSchedule, at: number): string {
  // croner's previous runs are strictly before the reference, and its resolution is a second:
  // the reference is the start of the next whole second.
  const reference = new Date(Math.floor(at / 1000) * 1000 + 1000)
  const [opened] = new Cron(schedule.pattern, { timezone: schedule.timezone }).previousRuns(1, reference)
  return (opened ?? new Date(0)).toISOString()
}
