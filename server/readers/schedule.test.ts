import { describe, expect, it } from 'vitest'
import { digestPeriod, nextDigestRun, parseDigestSchedule } from './schedule.ts'

describe('digest schedule', () => {
  it('reads the short forms and cron patterns', () => {
    expect(parseDigestSchedule('weekly:mon:07:00')).toEqual({ pattern: '0 7 * * 1', timezone: 'UTC' })
    expect(parseDigestSchedule('Weekly:SUN:23:30', 'Europe/Athens')).toEqual({ pattern: '30 23 * * 0', timezone: 'Europe/Athens' })
    expect(parseDigestSchedule('daily:06:05').pattern).toBe('5 6 * * *')
    expect(parseDigestSchedule('0 7 * * 1-5').pattern).toBe('0 7 * * 1-5')
  })

  it('refuses what it cannot read, saying why', () => {
    expect(() => parseDigestSchedule('weekly:mon:25:00')).toThrow(/neither weekly:DAY:HH:MM/)
    expect(() => parseDigestSchedule('weekly:mox:07:00')).toThrow(/unknown day "mox"/)
    expect(() => parseDigestSchedule('every monday')).toThrow(/cron pattern/)
    expect(() => parseDigestSchedule('61 * * * *')).toThrow(/minute/)
    expect(() => parseDigestSchedule('weekly:mon:07:00', 'Mars/Olympus')).toThrow(/unknown time zone/)
  })

  it('finds the next run in its time zone', () => {
    const athens = parseDigestSchedule('weekly:mon:07:00', 'Europe/Athens')
    // Saturday 28 November 2026, noon UTC; Athens is UTC+2 in winter.
    expect(new Date(nextDigestRun(athens, Date.UTC(2026, 10, 28, 12)) ?? 0).toISOString()).toBe('2026-11-30T05:00:00.000Z')
  })

  it('names one period from a run to the next, the same for every moment in it', () => {
    const weekly = parseDigestSchedule('weekly:mon:07:00')
    const run = Date.UTC(2026, 10, 30, 7)
    expect(digestPeriod(weekly, run)).toBe('2026-11-30T07:00:00.000Z')
    expect(digestPeriod(weekly, run + 3 * 24 * 3600_000)).toBe('2026-11-30T07:00:00.000Z')
    expect(digestPeriod(weekly, run - 500)).toBe('2026-11-23T07:00:00.000Z')
  })
})
