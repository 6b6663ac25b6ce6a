/**
 * What a reader's digest holds (issue 39): in their language, the posts published and the guides
 * updated since their last mail about the countries they follow, and the figure changes of those
 * countries (the dataset's history). Nothing new, no mail. Reads the content store; pure otherwise.
 */
import { countryName, countrySlug, type GuideCountry } from '../../src/content/countries.ts'
import type { ContentStore } from '../../src/content/load.server.ts'
import { publishInstant } from '../../src/content/schema.ts'
import { routePath } from '../../src/i18n/paths.ts'
import { figureChanges } from '../../src/key-figures/changes.ts'
import { m } from '../../src/paraglide/messages.js'
import type { Locale } from '../../src/paraglide/runtime.js'
import type { MailQueue } from './jobs.ts'
import type { DigestContent } from './mails.ts'
import { digestPeriod, type DigestSchedule } from './schedule.ts'
import type { ReaderStore } from './store.ts'
import { guideCountries, type Countries, type Subscriber } from './types.ts'

const dayStart = (isoDate: string) => Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`)

/** The countries a reader follows, as codes. */
const followed = (countries: Countries): readonly GuideCountry[] => (countries === 'all' ? guideCountries : countries)

/** The countries as the mail names them: "all countries" or "Greece, Spain". */
export function countriesText(countries: Countries, locale: Locale): string {
  return countries === 'all' ? m.nl_all_countries({}, { locale }) : countries.map((c) => countryName(c, locale)).join(', ')
}

/**
 * The digest of one reader for what appeared after `since` and up to `now`; null when nothing did.
 * A post dated the day of the last mail counts only from that day's start if it was not already
 * past (`since` is the moment the last digest was queued).
 */
export function digestFor(
  content: ContentStore,
  reader: Pick<Subscriber, 'locale' | 'countries'>,
  since: number,
  now: number,
  siteUrl: string,
): DigestContent | null {
  const { locale } = reader
  const codes = new Set<string>(followed(reader.countries))
  const absolute = (path: string) => `${siteUrl}${path}`
  const posts = (content.postsByLocale.get(locale) ?? [])
    .filter((p) => !p.draft && p.country !== undefined && codes.has(p.country))
    .filter((p) => {
      const at = publishInstant(p.publishedAt)
      return at > since && at <= now
    })
    .map((p) => ({ title: p.title, url: absolute(routePath('/blog/$slug', locale, { slug: p.slug })) }))
  const guides = [...content.guides.entries()]
    .filter(([code]) => codes.has(code))
    .flatMap(([code, byLocale]) => {
      const guide = byLocale.get(locale)
      if (!guide || dayStart(guide.updatedAt) <= since || dayStart(guide.updatedAt) > now) return []
      const name = countryName(code, locale)
      return [
        {
          title: m.guide_title({ name }, { locale }),
          url: absolute(routePath('/blog/countries/$country', locale, { country: countrySlug(code, locale) })),
        },
      ]
    })
  const changes = figureChanges(content, locale)
    .filter((c) => codes.has(c.code) && dayStart(c.date) > since && dayStart(c.date) <= now)
    .map((c) => ({ text: c.text, url: absolute(c.path) }))
  return posts.length || guides.length || changes.length ? { posts, guides, changes } : null
}

const WEEK_MS = 7 * 24 * 3600 * 1000

/**
 * Queues the digest of every confirmed reader with something new, once per period: a reader who
 * asked for changes at most once a day, a weekly reader once a week (the schedule's period). The
 * job's key makes a second run in the same period a no-op, so a run repeated after an SMTP outage
 * sends each reader one mail. Returns how many digests were queued.
 */
export async function queueDigests(options: {
  readers: Subscriber[]
  content: ContentStore
  siteUrl: string
  now: number
  period: string
  enqueue: (job: {
    key: string
    kind: 'digest'
    recipient: string
    subscriberId: string
    payload: { content: DigestContent }
  }) => Promise<{ created: boolean }>
}): Promise<{ queued: number; nothingNew: number }> {
  let queued = 0
  let nothingNew = 0
  for (const reader of options.readers) {
    if (reader.status !== 'confirmed') continue
    const since = reader.lastDigestAt ?? reader.confirmedAt ?? reader.createdAt
    if (reader.frequency === 'weekly' && reader.lastDigestAt !== null && options.now - reader.lastDigestAt < WEEK_MS - 12 * 3600 * 1000) continue
    const content = digestFor(options.content, reader, since, options.now, options.siteUrl)
    if (!content) {
      nothingNew++
      continue
    }
    const period = reader.frequency === 'weekly' ? options.period : new Date(options.now).toISOString().slice(0, 10)
    const { created } = await options.enqueue({
      key: `digest:${reader.id}:${period}`,
      kind: 'digest',
      recipient: reader.email,
      subscriberId: reader.id,
      payload: { content },
    })
    if (created) queued++
  }
  return { queued, nothingNew }
}

/**
 * One digest run, as `npm run digest` and the server's schedule make it: every confirmed reader's
 * digest queued for the period the moment belongs to (sent by the queue's workers).
 */
export function runDigests(
  readers: { store: Pick<ReaderStore, 'readers'>; queue: Pick<MailQueue, 'enqueue'> },
  options: { content: ContentStore; siteUrl: string; schedule: DigestSchedule; now: number },
): Promise<{ queued: number; nothingNew: number }> {
  return readers.store.readers().then((subscribers) =>
    queueDigests({
      readers: subscribers,
      content: options.content,
      siteUrl: options.siteUrl,
      now: options.now,
      period: digestPeriod(options.schedule, options.now),
      enqueue: (job) => readers.queue.enqueue(job),
    }),
  )
}
