/**
 * The shapes of the readers' features (issue 39, decision 029): what forms send, what the store
 * keeps and answers. Imports nothing server-side, so a form component can parse with the same
 * schemas the server does; every input from outside goes through one of them.
 */
import { z } from 'zod'
import { guideCountries, type GuideCountry } from '../../src/content/countries.ts'
import { locales, type Locale } from '../../src/paraglide/runtime.js'

export { guideCountries, type GuideCountry }

export const frequencies = ['changes', 'weekly'] as const
export type Frequency = (typeof frequencies)[number]

export const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed', 'bounced'] as const
export type SubscriberStatus = (typeof subscriberStatuses)[number]

export const messageKinds = ['contact', 'partner'] as const
export type MessageKind = (typeof messageKinds)[number]
export const messageTopics = ['correction', 'question', 'partnership', 'other'] as const
export type MessageTopic = (typeof messageTopics)[number]
export const messageStatuses = ['new', 'answered', 'archived'] as const
export type MessageStatus = (typeof messageStatuses)[number]

export const jobKinds = ['confirm', 'digest', 'ack', 'notify'] as const
export type JobKind = (typeof jobKinds)[number]
export const jobStatuses = ['queued', 'sending', 'sent', 'failed'] as const
export type JobStatus = (typeof jobStatuses)[number]

/** Every guide country, or the ones chosen (sorted, without repeats). */
export type Countries = 'all' | GuideCountry[]

/** Lower case and trimmed: one address is one subscriber however it was typed. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'email' }))

const localeSchema = z.enum(locales)

const countriesSchema = z.union([
  z.literal('all'),
  z
    .array(z.enum(guideCountries))
    .min(1)
    .max(guideCountries.length)
    .transform((list) => [...new Set(list)].sort()),
])

/** A sign-up as the form sends it, less the client address, which the server adds. */
export const signUpSchema = z.object({
  email: emailSchema,
  locale: localeSchema,
  countries: countriesSchema,
  frequency: z.enum(frequencies),
  /** Which wording of the consent text the reader saw (the privacy page's version). */
  consentVersion: z.string().trim().min(1).max(40),
})
export type SignUp = z.infer<typeof signUpSchema>

export const preferencesSchema = z.object({ locale: localeSchema, countries: countriesSchema, frequency: z.enum(frequencies) }).partial()
export type Preferences = z.infer<typeof preferencesSchema>

/** A contact or partner message as the form sends it (the consent box is the form's to check). */
export const messageSchema = z.object({
  kind: z.enum(messageKinds),
  name: z.string().trim().min(1).max(200),
  email: emailSchema,
  topic: z.enum(messageTopics),
  body: z.string().trim().min(1).max(10_000),
  locale: localeSchema,
})
export type MessageInput = z.infer<typeof messageSchema>

/** Which subscriber a signed link speaks for, and the version of their links it was signed with. */
export type SubscriberRef = { subscriberId: string; tokenVersion: number }

/** Times are milliseconds since 1970 (UTC) throughout, in both stores. */
export type Subscriber = {
  id: string
  email: string
  locale: Locale
  countries: Countries
  frequency: Frequency
  status: SubscriberStatus
  /** Bumped when earlier links must stop working (a new sign-up after leaving, a new confirmation). */
  tokenVersion: number
  createdAt: number
  confirmRequestedAt: number
  confirmedAt: number | null
  lastDigestAt: number | null
  consentAt: number
  consentVersion: string
  /** HMAC of the address the consent came from, keyed with the secret; never the address. */
  consentIpHash: string
}

export type Message = MessageInput & {
  id: string
  status: MessageStatus
  createdAt: number
  ipHash: string
}

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }
export type JsonObject = { [key: string]: JsonValue }

/** A mail to send: the store keeps what the mail needs (`payload`), not the rendered mail. */
export type NewMailJob = {
  /** Unique for the life of the job table: a second job with the same key is not created. */
  key: string
  kind: JobKind
  recipient: string
  subscriberId?: string | null
  payload: JsonObject
  /** When it may be sent first; now when omitted. */
  notBefore?: number
}

export type MailJob = {
  id: string
  key: string
  kind: JobKind
  recipient: string
  subscriberId: string | null
  payload: JsonObject
  status: JobStatus
  attempts: number
  nextAttemptAt: number
  createdAt: number
  sentAt: number | null
  lastError: string | null
}

/** A job as a worker holds it: `leaseToken` proves the claim when the job is finished. */
export type ClaimedJob = MailJob & { leaseToken: string; leaseUntil: number }

/** One line of the editors' send log: no address, no content. */
export type SendLogEntry = Omit<MailJob, 'recipient' | 'payload'>

/** Confirmed readers of one language: in all, per country they hear about, and how many chose all. */
export type ReadersOfLanguage = {
  locale: Locale
  total: number
  allCountries: number
  byCountry: Record<GuideCountry, number>
}

/** Everything the store keeps about one subscriber, for the export a reader asks for. */
export type SubscriberExport = {
  subscriber: Subscriber
  mails: Array<Pick<MailJob, 'kind' | 'status' | 'createdAt' | 'sentAt'>>
  messages: Message[]
}
