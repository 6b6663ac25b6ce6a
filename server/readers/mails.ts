/**
 * The readers' mails drawn with React (issue 39): the confirmation and the digest, in the reader's
 * language, as HTML that light and dark mail clients both read (one column, system fonts, colours
 * that hold on either background, inline styles only) and a plain-text part with the same links.
 * Elements are written with createElement: the server runs its TypeScript with Node's own type
 * stripping, which reads no JSX.
 */
import { createElement as h, Fragment, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { BRAND } from '../../src/config/constants.ts'
import { m } from '../../src/paraglide/messages.js'
import type { Locale } from '../../src/paraglide/runtime.js'
import type { RenderedMail } from './jobs.ts'

/** What a digest lists: the reader's new posts and updated guides, and the figure changes of their countries. */
export type DigestContent = {
  posts: Array<{ title: string; url: string }>
  guides: Array<{ title: string; url: string }>
  changes: Array<{ text: string; url: string }>
}

const ink = '#1f2a2e'
const accent = '#0c6161'
const muted = '#56656a'
const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

function layout(locale: Locale, body: ReactNode, footer: ReactNode): string {
  const tree = h(
    'html',
    { lang: locale },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      // Both schemes: clients that darken mail keep these colours readable on either background.
      h('meta', { name: 'color-scheme', content: 'light dark' }),
      h('meta', { name: 'supported-color-schemes', content: 'light dark' }),
    ),
    h(
      'body',
      { style: { margin: 0, padding: '24px 12px', fontFamily: font, fontSize: 16, lineHeight: 1.5, color: ink } },
      h(
        'table',
        { role: 'presentation', width: '100%', cellPadding: 0, cellSpacing: 0, style: { maxWidth: 600, margin: '0 auto' } },
        h(
          'tbody',
          null,
          h('tr', null, h('td', { style: { paddingBottom: 16, fontSize: 20, fontWeight: 700, color: accent } }, BRAND)),
          h('tr', null, h('td', null, body)),
          h('tr', null, h('td', { style: { paddingTop: 24, borderTop: '1px solid #c9d3d3', fontSize: 13, color: muted } }, footer)),
        ),
      ),
    ),
  )
  return `<!DOCTYPE html>${renderToStaticMarkup(tree)}`
}

const link = (href: string, label: string) => h('a', { href, style: { color: accent } }, label)
const button = (href: string, label: string) =>
  h(
    'a',
    {
      href,
      style: {
        display: 'inline-block',
        padding: '12px 20px',
        background: accent,
        color: '#ffffff',
        borderRadius: 6,
        textDecoration: 'none',
        fontWeight: 600,
      },
    },
    label,
  )

export function confirmMail(locale: Locale, countries: string, confirmUrl: string, unsubscribeUrl: string): RenderedMail {
  const intro = m.mail_confirm_intro({ countries }, { locale })
  const expiry = m.mail_confirm_expiry({}, { locale })
  const action = m.mail_confirm_action({}, { locale })
  return {
    locale,
    subject: m.mail_confirm_subject({}, { locale }),
    // A list mail already: a reader who did not ask can stop it in one click (RFC 8058).
    unsubscribe: { url: unsubscribeUrl },
    html: layout(
      locale,
      h(
        Fragment,
        null,
        h('p', null, intro),
        h('p', null, button(confirmUrl, action)),
        h('p', { style: { fontSize: 13, wordBreak: 'break-all' } }, confirmUrl),
      ),
      expiry,
    ),
    text: `${intro}\n\n${action}: ${confirmUrl}\n\n${expiry}\n`,
  }
}

export function digestMail(
  locale: Locale,
  countries: string,
  content: DigestContent,
  links: { preferences: string; unsubscribe: string },
): RenderedMail {
  const sections: Array<[string, Array<{ label: string; url: string }>]> = [
    [m.mail_digest_posts({}, { locale }), content.posts.map((p) => ({ label: p.title, url: p.url }))],
    [m.mail_digest_guides({}, { locale }), content.guides.map((g) => ({ label: g.title, url: g.url }))],
    [m.mail_digest_changes({}, { locale }), content.changes.map((c) => ({ label: c.text, url: c.url }))],
  ]
  const shown = sections.filter(([, items]) => items.length > 0)
  const why = m.mail_why({}, { locale })
  const preferences = m.mail_preferences({}, { locale })
  const unsubscribe = m.mail_unsubscribe({}, { locale })
  const intro = m.mail_digest_intro({}, { locale })
  const body = h(
    Fragment,
    null,
    h('p', null, intro),
    ...shown.map(([title, items]) =>
      h(
        'div',
        { key: title },
        h('h2', { style: { fontSize: 18, margin: '20px 0 8px' } }, title),
        h(
          'ul',
          { style: { paddingLeft: 20, margin: 0 } },
          ...items.map((item, i) => h('li', { key: i, style: { marginBottom: 6 } }, link(item.url, item.label))),
        ),
      ),
    ),
  )
  return {
    locale,
    subject: m.mail_digest_subject({ countries }, { locale }),
    unsubscribe: { url: links.unsubscribe },
    html: layout(locale, body, h(Fragment, null, `${why} `, link(links.preferences, preferences), ' · ', link(links.unsubscribe, unsubscribe))),
    text: [
      intro,
      ...shown.flatMap(([title, items]) => ['', title, ...items.map((i) => `- ${i.label}\n  ${i.url}`)]),
      '',
      why,
      `${preferences}: ${links.preferences}`,
      `${unsubscribe}: ${links.unsubscribe}`,
      '',
    ].join('\n'),
  }
}

/** A topic as the acknowledgement names it inside a sentence: lower case, but German keeps its nouns capitalised. */
export function topicInSentence(label: string, locale: Locale): string {
  return locale === 'de' ? label : `${label.charAt(0).toLocaleLowerCase(locale)}${label.slice(1)}`
}

/** The sender's acknowledgement of a contact or partner message, in the form's language. */
export function ackMail(locale: Locale, name: string, topic: string): RenderedMail {
  const intro = m.mail_ack_intro({ name, topic: topicInSentence(topic, locale) }, { locale })
  const note = m.mail_ack_note({}, { locale })
  return {
    locale,
    subject: m.mail_ack_subject({}, { locale }),
    html: layout(locale, h('p', null, intro), note),
    text: `${intro}\n\n${note}\n`,
  }
}

/** An editor's notice of a new message: what it is and where to read it (the message stays in the inbox). */
export function notifyMail(about: { kind: string; topic: string; locale: string }, inboxUrl: string): RenderedMail {
  const what = `A new ${about.kind} message (${about.topic}, in ${about.locale}) is in the inbox.`
  return {
    locale: 'en',
    subject: `Estate Atlas inbox: new ${about.kind} message (${about.topic})`,
    html: layout(
      'en',
      h(Fragment, null, h('p', null, what), h('p', null, button(inboxUrl, 'Open the inbox'))),
      'Sent to the editors of Estate Atlas.',
    ),
    text: `${what}\n\nOpen the inbox: ${inboxUrl}\n`,
  }
}
