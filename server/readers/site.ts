/**
 * The newsletter on the site (issue 39): the store, signed links, the form guard and the mail queue
 * put together, and what the site's forms post. The newsletter page (src/routes/newsletter.tsx)
 * shows a state (`?state=check-inbox`); a form posted to that page is handled here and answered
 * with the page in the state it led to, by the server (server/app.ts), so it works without
 * JavaScript; a script that asks for JSON gets the state alone.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { routePath } from '../../src/i18n/paths.ts'
import { m } from '../../src/paraglide/messages.js'
import { locales, type Locale } from '../../src/paraglide/runtime.js'
import type { Config } from '../config.ts'
import { Cron } from 'croner'
import type { ContentStore } from '../../src/content/load.server.ts'
import { countriesText, digestFor, runDigests } from './digest.ts'
import { createMailQueue, type MailQueue, type RenderedMail, type RenderMail } from './jobs.ts'
import type { DigestSchedule } from './schedule.ts'
import { ackMail, confirmMail, digestMail, notifyMail, type DigestContent } from './mails.ts'
import { createMailer, MailError, type Mailer } from './mailer.ts'
import { createFormGuard, honeypotEmpty, type FormGuard } from './spam.ts'
import { openReaderStore, type ReaderStore } from './store.ts'
import { createReaderTokens, type ReaderTokens } from './tokens.ts'
import {
  emailSchema,
  frequencies,
  guideCountries,
  messageSchema,
  preferencesSchema,
  signUpSchema,
  type MessageKind,
  type MessageTopic,
  type SubscriberRef,
} from './types.ts'

/** The states the newsletter page shows (components/readers/NewsletterPage.tsx words each). */
type NewsletterState =
  | 'check-inbox'
  | 'confirm'
  | 'confirmed'
  | 'invalid'
  | 'preferences'
  | 'saved'
  | 'unsubscribed'
  | 'erased'
  | 'error-email'
  | 'error-form'
  | 'error-limit'

/** The states of the contact and partner pages after their form was sent (components/readers/ContactForm.tsx). */
type MessageState = 'sent' | 'error-fields' | 'error-limit' | 'error-check'

const messageStateText: Record<MessageState, (locale: Locale) => string> = {
  sent: (locale) => m.cf_sent({}, { locale }),
  'error-fields': (locale) => m.cf_error_fields({}, { locale }),
  'error-limit': (locale) => m.cf_error_limit({}, { locale }),
  'error-check': (locale) => m.cf_error_check({}, { locale }),
}

const topicText: Record<MessageTopic, (locale: Locale) => string> = {
  correction: (locale) => m.cf_topic_correction({}, { locale }),
  question: (locale) => m.cf_topic_question({}, { locale }),
  partnership: (locale) => m.cf_topic_partnership({}, { locale }),
  other: (locale) => m.cf_topic_other({}, { locale }),
}

/** What a form's script says after an answer, in the page's language (the page shows the same). */
const newsletterStateText: Partial<Record<NewsletterState, (locale: Locale) => string>> = {
  'check-inbox': (locale) => m.nl_check_inbox({}, { locale }),
  confirmed: (locale) => m.nl_confirmed({}, { locale }),
  invalid: (locale) => m.nl_invalid({}, { locale }),
  saved: (locale) => m.nl_saved({}, { locale }),
  unsubscribed: (locale) => m.nl_unsubscribed({}, { locale }),
  erased: (locale) => m.nl_erased({}, { locale }),
  'error-email': (locale) => m.nl_error_email({}, { locale }),
  'error-limit': (locale) => m.nl_error_limit({}, { locale }),
}
const stateMessage = (state: NewsletterState, locale: Locale): string =>
  (newsletterStateText[state] ?? ((l: Locale) => m.nl_error_form({}, { locale: l })))(locale)

/** The wording of the consent text a sign-up agreed to (messages `nl_consent`); change it when the text changes. */
const CONSENT_VERSION = '2026-11-28'

export type Readers = {
  store: ReaderStore
  tokens: ReaderTokens
  guard: FormGuard
  queue: MailQueue
  /** Whether mail can go out (SMTP_URL set); without it mails wait in the queue. */
  sending: boolean
  /** The path of the newsletter page in a language, and of the one-click unsubscribe. */
  pagePath(locale: Locale): string
  oneClickPath: string
  /** Whether a request path is the newsletter page of some language. */
  isNewsletterPath(pathname: string): Locale | null
  /** A form posted to the newsletter page: a JSON or file answer, or the state to show and its status. */
  post(request: Request, context: { address: string }): Promise<PostAnswer>
  /** For the settings page of a signed link: the reader's settings as query parameters, or null. */
  settingsQuery(state: string, token: string): Promise<string | null>
  /** The one-click unsubscribe of RFC 8058 (`POST /api/readers/unsubscribe?t=`). */
  oneClick(request: Request): Promise<Response>
  /** Whether a path is the contact or the partner page of some language, and which. */
  messageFormOf(pathname: string): { kind: MessageKind; locale: Locale } | null
  /** The contact or partner form posted to its page: the state to show; on a refusal, the fields to fill in again. */
  postMessage(request: Request, context: { address: string }): Promise<MessageAnswer>
  /** `GET /api/readers/challenge`: a proof-of-work challenge for a form (ALTCHA). */
  challengePath: string
  challenge(): Promise<Response>
  /**
   * In a server process: digests on the schedule, the retention rules every hour and due mail every
   * 30 s (when SMTP is set). Every process may run it: the digest keys make a second run a no-op.
   */
  startSchedule(content: () => ContentStore, schedule: DigestSchedule): () => Promise<void>
  /** For the editors: a language's next digest as it stands, for a reader following all countries, over the last 7 days. */
  previewNextMail(content: ContentStore, locale: Locale): Promise<RenderedMail | null>
  close(): Promise<void>
}

type PostAnswer =
  | { kind: 'response'; response: Response }
  | { kind: 'state'; state: NewsletterState; status: number; locale: Locale; token?: string; message: string }

type MessageAnswer = {
  state: MessageState
  status: number
  locale: Locale
  message: string
  /** What the sender wrote, to show in the form again after a refusal (nothing is lost). */
  fields?: Record<'name' | 'email' | 'topic' | 'message', string>
}

const ONE_CLICK_PATH = '/api/readers/unsubscribe'
const CHALLENGE_PATH = '/api/readers/challenge'

/**
 * The signing secret: READERS_SECRET, or one made once and kept under DATA_DIR, so `npm run serve`
 * needs no setup. Several nodes must share READERS_SECRET (decision 029).
 */
function readersSecret(config: Pick<Config, 'DATA_DIR' | 'READERS_SECRET'>): string {
  if (config.READERS_SECRET) return config.READERS_SECRET
  mkdirSync(config.DATA_DIR, { recursive: true })
  const file = join(config.DATA_DIR, 'readers-secret')
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return readFileSync(file, 'utf8').trim()
}

/** Until SMTP_URL is set every send is a temporary failure: the mail waits in the queue. */
const waitingMailer: Mailer = {
  send: () => Promise.reject(new MailError('SMTP_URL is not set: the mail waits in the queue', false)),
  close: () => undefined,
}

const formSchema = z.object({
  action: z.enum(['subscribe', 'confirm', 'save', 'unsubscribe', 'erase', 'export']).default('subscribe'),
  email: z.string().optional(),
  countries: z.array(z.string()).default([]),
  frequency: z.enum(frequencies).default('changes'),
  locale: z.string().optional(),
  t: z.string().max(2000).optional(),
  website: z.string().optional(),
})

const messageFormSchema = z.object({
  name: z.string().max(400).default(''),
  email: z.string().max(400).default(''),
  topic: z.string().max(40).default(''),
  message: z.string().max(20_000).default(''),
  consent: z.string().optional(),
  website: z.string().optional(),
  altcha: z.string().max(4000).optional(),
})

/** Each page's path in every language, with and without a closing slash, to what it is and its language. */
function pagesOf<Kind extends string>(routes: Record<Kind, '/newsletter' | '/contact-us' | '/partner-with-us'>) {
  return new Map<string, { kind: Kind; locale: Locale }>(
    locales.flatMap((locale) =>
      (Object.entries(routes) as Array<[Kind, (typeof routes)[Kind]]>).flatMap(([kind, route]) => {
        const path = routePath(route, locale)
        return [
          [path, { kind, locale }],
          [`${path}/`, { kind, locale }],
        ] as const
      }),
    ),
  )
}

/**
 * The countries a form sent: the countries ticked, or all when none is (or every one) is ticked.
 * A country ticked beside "all countries" (left ticked by default) is what the reader chose.
 */
function countriesOf(values: string[]): 'all' | string[] {
  const codes = values.filter((v) => v !== 'all')
  return codes.length === 0 || codes.length === guideCountries.length ? 'all' : codes
}

export async function openReaders(
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL' | 'READERS_SECRET' | 'SMTP_URL' | 'MAIL_FROM'> & Partial<Pick<Config, 'MAIL_LEASE_SECONDS'>>,
  options: {
    siteUrl: string
    now?: () => number
    /** Who is told of a new message: read at each message, so a change of accounts counts at once. */
    editors?: () => readonly string[]
  },
): Promise<Readers> {
  const now = options.now ?? Date.now
  const secret = readersSecret(config)
  const store = await openReaderStore({ DATA_DIR: config.DATA_DIR, DATABASE_URL: config.DATABASE_URL, READERS_SECRET: secret }, { now })
  const tokens = createReaderTokens({ secret, now })
  const guard = createFormGuard({ store, secret, now })
  const sending = Boolean(config.SMTP_URL && config.MAIL_FROM)
  const mailer = sending ? createMailer({ smtpUrl: config.SMTP_URL!, from: config.MAIL_FROM! }) : waitingMailer
  const page = (locale: Locale, query: string) => `${options.siteUrl}${routePath('/newsletter', locale)}?${query}`

  const render: RenderMail = async (job, subscriber) => {
    const about = job.payload as { kind?: string; topic?: MessageTopic; locale?: string; name?: string }
    if (job.kind === 'ack') {
      const locale = (locales as readonly string[]).includes(about.locale ?? '') ? (about.locale as Locale) : 'en'
      const topic = about.topic && about.topic in topicText ? topicText[about.topic](locale) : ''
      return ackMail(locale, about.name ?? '', topic)
    }
    if (job.kind === 'notify') {
      return notifyMail(
        { kind: about.kind ?? 'contact', topic: about.topic ?? 'other', locale: about.locale ?? 'en' },
        `${options.siteUrl}/admin/inbox`,
      )
    }
    if (!subscriber) throw new Error(`a ${job.kind} mail needs its subscriber`)
    const locale = subscriber.locale
    const countries = countriesText(subscriber.countries, locale)
    const ref = { subscriberId: subscriber.id, tokenVersion: subscriber.tokenVersion }
    if (job.kind === 'confirm') {
      const token = await tokens.sign('confirm', { subscriberId: subscriber.id, tokenVersion: Number(job.payload.tokenVersion) })
      const unsubscribe = `${options.siteUrl}${ONE_CLICK_PATH}?t=${await tokens.sign('unsubscribe', ref)}`
      return confirmMail(locale, countries, page(locale, `state=confirm&t=${token}`), unsubscribe)
    }
    if (job.kind === 'digest') {
      const preferences = page(locale, `state=preferences&t=${await tokens.sign('preferences', ref)}`)
      const unsubscribe = `${options.siteUrl}${ONE_CLICK_PATH}?t=${await tokens.sign('unsubscribe', ref)}`
      return digestMail(locale, countries, job.payload.content as unknown as DigestContent, { preferences, unsubscribe })
    }
    throw new Error(`no mail is drawn for a ${job.kind} job`)
  }
  const queue = createMailQueue({
    store,
    mailer,
    render,
    now,
    ...(config.MAIL_LEASE_SECONDS ? { leaseMs: config.MAIL_LEASE_SECONDS * 1000 } : {}),
  })

  // The forms' pages in each language, with and without a closing slash: a lookup per request,
  // not a parse of every path the server is asked for.
  const newsletterPaths = pagesOf({ newsletter: '/newsletter' })
  const isNewsletterPath = (pathname: string): Locale | null => newsletterPaths.get(pathname)?.locale ?? null
  const messagePaths = pagesOf({ contact: '/contact-us', partner: '/partner-with-us' } as const)
  const messageFormOf = (pathname: string) => messagePaths.get(pathname) ?? null

  const verify = (purpose: 'confirm' | 'preferences', token: string | undefined): Promise<SubscriberRef | null> =>
    token ? tokens.verify(purpose, token) : Promise.resolve(null)

  async function post(request: Request, { address }: { address: string }): Promise<PostAnswer> {
    const locale = isNewsletterPath(new URL(request.url).pathname)!
    const state = (s: NewsletterState, status = 200, token?: string): PostAnswer => ({
      kind: 'state',
      state: s,
      status,
      locale,
      token,
      message: stateMessage(s, locale),
    })
    let fields: FormData
    try {
      fields = await request.formData()
    } catch {
      return state('error-form', 400)
    }
    const parsed = formSchema.safeParse({
      action: fields.get('action') ?? undefined,
      email: fields.get('email') ?? undefined,
      countries: fields.getAll('countries').map(String),
      frequency: fields.get('frequency') ?? undefined,
      locale: fields.get('locale') ?? undefined,
      t: fields.get('t') ?? undefined,
      website: fields.get('website') ?? undefined,
    })
    if (!parsed.success) return state('error-form', 400)
    const form = parsed.data
    switch (form.action) {
      case 'subscribe': {
        if (!emailSchema.safeParse(form.email ?? '').success) return state('error-email', 400)
        // A filled hidden field is a robot: it is told what a person is told, and nothing is stored.
        if (!honeypotEmpty(form.website)) return state('check-inbox')
        if (!(await guard.allow('signUp', address)).allowed) return state('error-limit', 429)
        const signUp = signUpSchema.safeParse({
          email: form.email,
          locale,
          countries: countriesOf(form.countries),
          frequency: form.frequency,
          consentVersion: CONSENT_VERSION,
        })
        if (!signUp.success) return state('error-form', 400)
        await store.subscribe(signUp.data, address)
        // Known or unknown, pending or confirmed: the same answer (issue 39).
        if (sending) void queue.runDueJobs({ limit: 10 }).catch(() => undefined)
        return state('check-inbox')
      }
      case 'confirm': {
        const ref = await verify('confirm', form.t)
        const confirmed = ref && (await store.confirm(ref))
        return confirmed ? state('confirmed') : state('invalid', 400)
      }
      case 'save': {
        const ref = await verify('preferences', form.t)
        const preferences = preferencesSchema.safeParse({
          locale: form.locale ?? locale,
          countries: countriesOf(form.countries),
          frequency: form.frequency,
        })
        if (!ref || !preferences.success) return state('invalid', 400)
        const saved = await store.updatePreferences(ref, preferences.data)
        if (!saved) return state('invalid', 400)
        return { kind: 'state', state: 'saved', status: 200, locale: saved.locale, token: form.t, message: stateMessage('saved', saved.locale) }
      }
      case 'unsubscribe': {
        const ref = await verify('preferences', form.t)
        return ref && (await store.unsubscribe(ref)) ? state('unsubscribed') : state('invalid', 400)
      }
      case 'erase': {
        const ref = await verify('preferences', form.t)
        return ref && (await store.eraseSubscriber(ref)) ? state('erased') : state('invalid', 400)
      }
      case 'export': {
        const ref = await verify('preferences', form.t)
        const data = ref && (await store.exportSubscriber(ref))
        if (!data) return state('invalid', 400)
        return {
          kind: 'response',
          response: new Response(`${JSON.stringify(data, null, 2)}\n`, {
            headers: {
              'content-type': 'application/json; charset=utf-8',
              'content-disposition': 'attachment; filename="estate-atlas-newsletter.json"',
              'cache-control': 'no-store',
            },
          }),
        }
      }
    }
  }

  async function oneClick(request: Request): Promise<Response> {
    const token = new URL(request.url).searchParams.get('t') ?? ''
    const ref = token ? await tokens.verify('unsubscribe', token) : null
    const text = (status: number, body: string) =>
      new Response(`${body}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })
    if (!ref) return text(400, 'Bad Request: this unsubscribe link is not valid.')
    // Unknown, already gone or unsubscribed now: the same answer (issue 39).
    await store.unsubscribe(ref)
    return text(200, 'Unsubscribed: no more newsletters will be sent to this address.')
  }

  async function postMessage(request: Request, { address }: { address: string }): Promise<MessageAnswer> {
    const { kind, locale } = messageFormOf(new URL(request.url).pathname)!
    const answer = (state: MessageState, status: number, fields?: MessageAnswer['fields']): MessageAnswer => ({
      state,
      status,
      locale,
      message: messageStateText[state](locale),
      fields,
    })
    let fields: FormData
    try {
      fields = await request.formData()
    } catch {
      return answer('error-fields', 400)
    }
    const text = (name: string) => {
      const value = fields.get(name)
      return typeof value === 'string' ? value : undefined
    }
    const parsed = messageFormSchema.safeParse({
      name: text('name'),
      email: text('email'),
      topic: text('topic'),
      message: text('message'),
      consent: text('consent'),
      website: text('website'),
      altcha: text('altcha') || undefined,
    })
    if (!parsed.success) return answer('error-fields', 400)
    const form = parsed.data
    const again = { name: form.name, email: form.email, topic: form.topic, message: form.message }
    const input = messageSchema.safeParse({ kind, name: form.name, email: form.email, topic: form.topic, body: form.message, locale })
    if (!input.success || !form.consent) return answer('error-fields', 400, again)
    // A filled hidden field is a robot: it is told what a person is told, and nothing is stored.
    if (!honeypotEmpty(form.website)) return answer('sent', 200)
    // With JavaScript the form carries a solved challenge, which must be good; without it (or from
    // a robot that skips it) a tighter limit applies as well.
    if (form.altcha !== undefined && !(await guard.verify(form.altcha))) return answer('error-check', 400, again)
    if (!(await guard.allow('message', address)).allowed) return answer('error-limit', 429, again)
    if (form.altcha === undefined && !(await guard.allow('messageWithoutProof', address)).allowed) return answer('error-limit', 429, again)
    if (!(await guard.allow('messageFromSender', input.data.email)).allowed) return answer('error-limit', 429, again)
    const editors = [...new Set((options.editors?.() ?? []).map((e) => e.toLowerCase()))]
    await store.addMessage(input.data, { clientAddress: address, editors })
    if (sending) void queue.runDueJobs({ limit: 10 }).catch(() => undefined)
    return answer('sent', 200)
  }

  async function challenge(): Promise<Response> {
    return new Response(JSON.stringify(await guard.challenge()), {
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    })
  }

  function startSchedule(content: () => ContentStore, schedule: DigestSchedule) {
    const log = (record: Record<string, unknown>) => console.log(JSON.stringify({ at: new Date(now()).toISOString(), ...record }))
    const digests = new Cron(schedule.pattern, { timezone: schedule.timezone, protect: true }, async () => {
      try {
        const report = await runDigests({ store, queue }, { content: content(), siteUrl: options.siteUrl, schedule, now: now() })
        log({ event: 'digest', ...report })
        if (sending) await queue.runDueJobs({ limit: 10_000 })
      } catch (error) {
        log({ event: 'digest-failed', error: error instanceof Error ? error.message : String(error) })
      }
    })
    const retain = () =>
      store.applyRetention().then(
        (deleted) => log({ event: 'retention', ...deleted }),
        (error: unknown) => log({ event: 'retention-failed', error: error instanceof Error ? error.message : String(error) }),
      )
    void retain()
    const hourly = setInterval(() => void retain(), 3600_000)
    hourly.unref()
    const stopMail = sending ? queue.poll(30_000) : null
    return async () => {
      digests.stop()
      clearInterval(hourly)
      await stopMail?.()
    }
  }

  async function previewNextMail(content: ContentStore, locale: Locale): Promise<RenderedMail | null> {
    const at = now()
    const digest = digestFor(content, { locale, countries: 'all' }, at - 7 * 24 * 3600_000, at, options.siteUrl)
    if (!digest) return null
    const example = `${options.siteUrl}${routePath('/newsletter', locale)}`
    return digestMail(locale, countriesText('all', locale), digest, { preferences: example, unsubscribe: example })
  }

  async function settingsQuery(state: string, token: string): Promise<string | null> {
    if (state !== 'preferences' && state !== 'saved') return null
    const ref = await tokens.verify('preferences', token)
    const reader = ref && (await store.subscriberFor(ref))
    if (!reader) return null
    const countries = reader.countries === 'all' ? 'all' : reader.countries.join(',')
    return new URLSearchParams({ countries, frequency: reader.frequency, lang: reader.locale }).toString()
  }

  return {
    store,
    tokens,
    guard,
    queue,
    sending,
    pagePath: (locale) => routePath('/newsletter', locale),
    oneClickPath: ONE_CLICK_PATH,
    isNewsletterPath,
    post,
    settingsQuery,
    oneClick,
    messageFormOf,
    postMessage,
    challengePath: CHALLENGE_PATH,
    challenge,
    startSchedule,
    previewNextMail,
    async close() {
      mailer.close()
      await store.close()
    },
  }
}
