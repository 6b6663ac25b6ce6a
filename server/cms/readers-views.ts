// The editors' screens of the readers' features (issue 39, decision 029): readers by language and
// country, the next mail of a language, the send log and the inbox. Drawn on the server without
// script, like pages.ts; the routes that answer them are in routes.ts, editors only.
import { guideCountries } from '../../src/content/guide-countries.ts'
import { locales, type Locale } from '../../src/paraglide/runtime.js'
import type { RenderedMail } from '../readers/jobs.ts'
import type { ReaderStore } from '../readers/store.ts'
import type { JobKind, JobStatus, Message, MessageKind, MessageStatus, MessageTopic, ReadersOfLanguage, SendLogEntry } from '../readers/types.ts'
import type { Account } from './accounts.ts'
import { escape, layout } from './pages.ts'

/** What the production server gives the editorial interface of the readers' features (server/start.ts). */
export type EditorsReaders = {
  store: Pick<ReaderStore, 'readersByLanguageAndCountry' | 'sendLog' | 'listMessages' | 'setMessageStatus' | 'countMessages'>
  /** The next digest of a language as it would go out now to a reader following all countries: null when nothing is new. */
  previewNextMail(locale: Locale): Promise<RenderedMail | null>
}

// The states' lists are in server/readers/types.ts, but Node runs this server without a bundler and
// that module imports what only the bundle resolves: these labels are keyed by its types instead, so
// a state added there does not compile here until it has a label.
const jobStatusLabels: Record<JobStatus, string> = { queued: 'queued', sending: 'sending', sent: 'sent', failed: 'failed' }
const jobKindLabels: Record<JobKind, string> = {
  confirm: 'confirmation',
  digest: 'digest',
  ack: 'acknowledgement',
  notify: 'notice to editors',
}
const messageStatusLabels: Record<MessageStatus, string> = { new: 'New', answered: 'Answered', archived: 'Archived' }
/** The button that moves a message to each state. */
const moveLabels: Record<MessageStatus, string> = { new: 'Move back to new', answered: 'Mark answered', archived: 'Archive' }
const messageKindLabels: Record<MessageKind, string> = { contact: 'Contact', partner: 'Partner' }
const topicLabels: Record<MessageTopic, string> = { correction: 'Correction', question: 'Question', partnership: 'Partnership', other: 'Other' }

export const isJobStatus = (value: string): value is JobStatus => Object.hasOwn(jobStatusLabels, value)
export const isMessageStatus = (value: string): value is MessageStatus => Object.hasOwn(messageStatusLabels, value)
export const messageStatusList: MessageStatus[] = Object.keys(messageStatusLabels).filter(isMessageStatus)
export const jobStatusList: JobStatus[] = Object.keys(jobStatusLabels).filter(isJobStatus)

/** How many send-log lines and messages of one state a page shows, newest first. */
export const SEND_LOG_LIMIT = 200
export const INBOX_LIMIT = 200

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' })
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' })
const languageName = (locale: Locale) => languageNames.of(locale) ?? locale

/** A moment in UTC, readable and machine-readable. */
const when = (ms: number | null) => {
  if (ms === null) return '—'
  const iso = new Date(ms).toISOString()
  return `<time datetime="${iso}">${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC</time>`
}

const tabs = (items: Array<{ href: string; label: string; current: boolean }>, label: string) =>
  `<nav class="tabs" aria-label="${escape(label)}">${items
    .map((item) => `<a href="${escape(item.href)}"${item.current ? ' aria-current="page"' : ''}>${escape(item.label)}</a>`)
    .join('')}</nav>`

/** Confirmed readers per language (every language, with none too) and per guide country: numbers only. */
export function readersPage(rows: ReadersOfLanguage[], account: Account): string {
  const byLocale = new Map(rows.map((row) => [row.locale, row]))
  const sum = (count: (row: ReadersOfLanguage) => number) => rows.reduce((total, row) => total + count(row), 0)
  const number = (n: number) => `<td class="number">${n}</td>`
  const head = `<tr><th>Language</th><th class="number">Readers</th><th class="number">All countries</th>${guideCountries
    .map((code) => `<th class="number"><abbr title="${escape(countryNames.of(code) ?? code)}">${code}</abbr></th>`)
    .join('')}<th>Next mail</th></tr>`
  const body = locales
    .map((locale) => {
      const row = byLocale.get(locale)
      const countries = guideCountries.map((code) => number(row?.byCountry[code] ?? 0)).join('')
      return `<tr data-locale="${locale}"><th>${escape(languageName(locale))} (${locale})</th>${number(row?.total ?? 0)}${number(row?.allCountries ?? 0)}${countries}<td><a href="/admin/readers/preview?locale=${locale}">preview</a></td></tr>`
    })
    .join('\n')
  const total = sum((row) => row.total)
  const allCountries = sum((row) => row.allCountries)
  const foot = `<tr data-locale="all"><th>All languages</th>${number(total)}${number(allCountries)}${guideCountries
    .map((code) => number(sum((row) => row.byCountry[code])))
    .join('')}<td></td></tr>`
  return layout(
    'Readers',
    `<h1>Readers</h1>
<p>${total} confirmed reader${total === 1 ? '' : 's'}, ${allCountries} of them following all countries. Pending, unsubscribed and bounced addresses are not counted.</p>
<p>A country’s column counts every reader who hears about it: one who follows all countries counts in each, one who chose two countries in both, so the columns add up to more than the readers.</p>
<div class="grid"><table data-testid="readers"><thead>${head}</thead><tbody>\n${body}</tbody><tfoot>${foot}</tfoot></table></div>`,
    account,
  )
}

/** The next mail of one language: its subject, its HTML in a sandboxed frame (no script, no access to this page) and its text. */
export function mailPreviewPage(locale: Locale, mail: RenderedMail | null, account: Account): string {
  const picker = tabs(
    locales.map((l) => ({ href: `/admin/readers/preview?locale=${l}`, label: l, current: l === locale })),
    'Language',
  )
  const shown = mail
    ? `<p>As it would go out now to a reader of this language who follows all countries.</p>
<p>Subject: <strong data-testid="subject">${escape(mail.subject)}</strong></p>
<h2>HTML</h2>
<iframe class="mail" sandbox srcdoc="${escape(mail.html)}" title="The mail as HTML" referrerpolicy="no-referrer"></iframe>
<h2>Plain text</h2>
<pre class="plain" lang="${locale}" data-testid="plain-text">${escape(mail.text)}</pre>`
    : '<p role="status">Nothing new for this language: no mail would go out.</p>'
  return layout(`Next mail in ${languageName(locale)}`, `<h1>Next mail in ${escape(languageName(locale))} (${locale})</h1>${picker}${shown}`, account)
}

/** A failed job the worker dropped (the reader left, bounced or asked again) is told apart from a failed send. */
const jobStatusText = (entry: SendLogEntry) =>
  entry.status === 'failed' && entry.lastError?.startsWith('cancelled:') ? 'cancelled' : jobStatusLabels[entry.status]

/** The newest mail jobs: kind, state, attempts, times and the last error (the store masks addresses in it). */
export function sendLogPage(entries: SendLogEntry[], status: JobStatus | undefined, account: Account): string {
  const filter = tabs(
    [
      { href: '/admin/send-log', label: 'All', current: status === undefined },
      ...jobStatusList.map((s) => ({ href: `/admin/send-log?status=${s}`, label: jobStatusLabels[s], current: s === status })),
    ],
    'Status',
  )
  const rows = entries
    .map(
      (entry) =>
        `<tr data-status="${entry.status}"><td>${jobKindLabels[entry.kind]}</td><td>${jobStatusText(entry)}</td><td class="number">${entry.attempts}</td><td>${when(entry.createdAt)}</td><td>${entry.status === 'queued' || entry.status === 'sending' ? when(entry.nextAttemptAt) : '—'}</td><td>${when(entry.sentAt)}</td><td>${escape(entry.lastError ?? '')}</td></tr>`,
    )
    .join('\n')
  const table = entries.length
    ? `<div class="grid"><table data-testid="send-log"><thead><tr><th>Kind</th><th>Status</th><th class="number">Attempts</th><th>Queued</th><th>Next attempt</th><th>Sent</th><th>Last error</th></tr></thead><tbody>\n${rows}</tbody></table></div>`
    : '<p role="status">No mail here.</p>'
  return layout(
    'Send log',
    `<h1>Send log</h1>${filter}
<p>The newest ${SEND_LOG_LIMIT} mails${status ? ` ${jobStatusLabels[status]}` : ''}, newest first. “cancelled” is a mail not sent because its reader left, bounced or asked again; a last error has every address masked.</p>${table}`,
    account,
  )
}

function messageBlock(message: Message, from: MessageStatus): string {
  const moves = messageStatusList
    .filter((s) => s !== message.status)
    .map(
      (s) =>
        `<form method="post" action="/admin/inbox/status"><input type="hidden" name="id" value="${escape(message.id)}"><input type="hidden" name="status" value="${s}"><input type="hidden" name="from" value="${from}"><button>${moveLabels[s]}</button></form>`,
    )
    .join('')
  return `<article class="message" data-id="${escape(message.id)}">
<h2>${messageKindLabels[message.kind]}: ${topicLabels[message.topic]}</h2>
<p>From <strong>${escape(message.name)}</strong>, <a href="${escape(`mailto:${message.email}`)}">${escape(message.email)}</a> · ${escape(languageName(message.locale))} (${message.locale}) · ${when(message.createdAt)}</p>
<pre lang="${message.locale}">${escape(message.body)}</pre>
${moves}</article>`
}

/** The messages of one state, newest first, with the count of each state in the tabs (more than the limit shows as limit+). */
export function inboxPage(
  status: MessageStatus,
  messages: Message[],
  counts: Array<{ status: MessageStatus; count: number }>,
  account: Account,
  done?: MessageStatus,
): string {
  const nav = tabs(
    counts.map((c) => ({
      href: `/admin/inbox?status=${c.status}`,
      label: `${messageStatusLabels[c.status]} (${c.count})`,
      current: c.status === status,
    })),
    'Messages',
  )
  const shown = counts.find((c) => c.status === status)?.count ?? 0
  const more = shown > INBOX_LIMIT ? `<p>The newest ${INBOX_LIMIT} of ${shown}: answer or archive these to see the older ones.</p>` : ''
  const notice = done ? `<p role="status">Moved to ${messageStatusLabels[done]}.</p>` : ''
  const list = messages.length
    ? messages
        .slice(0, INBOX_LIMIT)
        .map((message) => messageBlock(message, status))
        .join('\n')
    : `<p>No ${messageStatusLabels[status].toLowerCase()} messages.</p>`
  return layout('Inbox', `<h1>Inbox</h1>${notice}${nav}${more}${list}`, account)
}
