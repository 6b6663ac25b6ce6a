// The editorial interface's own pages, drawn on the server as plain HTML (no script): sign-in, the
// translation grid, the English changes a translator has to carry over, the shell of Keystatic's UI,
// and the frame every page shares (the readers' screens, readers-views.ts, draw inside it).
import { locales, type Locale } from '../../src/paraglide/runtime.js'
import type { Account } from './accounts.ts'
import type { GridCell, GridRow } from '../../src/cms/editorial.server.ts'
import type { DocumentKind } from './rights.ts'

export const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

const style = `
body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fafafa}
header{display:flex;flex-wrap:wrap;gap:.4rem 1rem;align-items:center;padding:.6rem 1rem;background:#1d3557;color:#fff}
header a{color:#fff}header form{margin-left:auto}header button{color:#fff;background:none;border:1px solid #fff;border-radius:3px}
main{padding:1rem}h1{font-size:1.4rem}
.grid{overflow-x:auto}table{border-collapse:collapse;font-size:12px}
th,td{border:1px solid #ddd;padding:.25rem .35rem;text-align:left;vertical-align:top}tbody th{min-width:13rem;font-weight:600}
td a,td button{white-space:nowrap}td form{display:inline}td button{font-size:12px;padding:0 .3rem}
.present{background:#e8f5e9}.missing{background:#fff}.draft{background:#fff8e1}.scheduled{background:#e3f2fd}.outdated{background:#ffebee}
.legend span{display:inline-block;padding:0 .4rem;margin-right:.4rem;border:1px solid #ddd}
.error{background:#ffebee;border:1px solid #c62828;padding:.6rem;white-space:pre-wrap}
.diff{background:#fff;border:1px solid #ddd;padding:.6rem;overflow:auto}.diff .add{background:#e8f5e9}.diff .del{background:#ffebee}
label{display:block;margin:.6rem 0 .2rem}input{font:inherit;padding:.3rem;width:18rem}button{font:inherit;cursor:pointer}
.tabs{display:flex;flex-wrap:wrap;gap:.3rem .9rem;margin:.6rem 0}.tabs [aria-current]{font-weight:700;text-decoration:none}
td.number,th.number{text-align:right}tfoot td,tfoot th{font-weight:600}
.message{background:#fff;border:1px solid #ddd;padding:.6rem;margin:.8rem 0}.message h2{font-size:1rem;margin:0 0 .3rem}
.message form{display:inline-block;margin:.2rem .4rem .2rem 0}.message p{margin:.2rem 0}
.message pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit;background:#fafafa;padding:.4rem;margin:.4rem 0}
pre.plain{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #ddd;padding:.6rem}
iframe.mail{display:block;width:100%;height:70vh;border:1px solid #ddd;background:#fff}
`

/** The readers' screens: an editor's only (a translator sees none of it, issue 39). */
const editorLinks = '<a href="/admin/readers">Readers</a><a href="/admin/inbox">Inbox</a><a href="/admin/send-log">Send log</a>'

export function layout(title: string, body: string, account?: Account): string {
  const bar = account
    ? `<header><strong>Estate Atlas editorial</strong><a href="/admin">Translations</a><a href="/keystatic">Edit content</a>${account.role === 'editor' ? editorLinks : ''}
<span>${escape(account.displayName)} (${account.role}${account.role === 'translator' ? `: ${account.languages.join(', ')}` : ''})</span>
<form method="post" action="/admin/sign-out"><button>Sign out</button></form></header>`
    : '<header><strong>Estate Atlas editorial</strong></header>'
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex,nofollow"><title>${escape(title)} · Estate Atlas editorial</title><style>${style}</style></head>
<body>${bar}<main>${body}</main></body></html>`
}

export function signInPage({ message, next, name = '' }: { message?: string; next: string; name?: string }): string {
  return layout(
    'Sign in',
    `<h1>Sign in</h1>${message ? `<p class="error" role="alert">${escape(message)}</p>` : ''}
<form method="post" action="/admin/sign-in"><input type="hidden" name="next" value="${escape(next)}">
<label for="name">Account</label><input id="name" name="name" autocomplete="username" required value="${escape(name)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<p><button>Sign in</button></p></form>`,
  )
}

export function messagePage(title: string, message: string, account?: Account): string {
  return layout(
    title,
    `<h1>${escape(title)}</h1><p class="error" role="alert">${escape(message)}</p><p><a href="/admin">Back to the translations</a></p>`,
    account,
  )
}

const statusText: Record<GridCell['status'], string> = {
  present: 'up to date',
  missing: 'missing',
  draft: 'draft',
  scheduled: 'scheduled',
  outdated: 'outdated',
}

/** Keystatic's address of a document's editor. */
export const editorPath = (kind: DocumentKind, locale: Locale, key: string) =>
  `/keystatic/collection/${kind}_${locale}/item/${encodeURIComponent(key)}`

function cell(row: GridRow, locale: Locale, mayWrite: (locale: Locale) => boolean): string {
  const c = row.cells[locale]
  const links: string[] = []
  if (c.status === 'missing') {
    if (row.kind === 'posts' && mayWrite(locale))
      links.push(
        `<form method="post" action="/admin/translations"><input type="hidden" name="key" value="${escape(row.key)}"><input type="hidden" name="locale" value="${locale}"><button>Start</button></form>`,
      )
  } else {
    if (mayWrite(locale)) links.push(`<a href="${escape(editorPath(row.kind, locale, row.key))}">edit</a>`)
    if (c.publicPath) links.push(`<a href="/admin/preview?path=${encodeURIComponent(c.publicPath)}">preview</a>`)
    if (locale !== 'en')
      links.push(`<a href="/admin/changes?kind=${row.kind}&amp;key=${encodeURIComponent(row.key)}&amp;locale=${locale}">changes</a>`)
  }
  const behind = c.status === 'outdated' ? ` (${c.daysBehind} d)` : ''
  return `<td class="${c.status}" data-locale="${locale}" data-status="${c.status}">${statusText[c.status]}${behind}<br>${links.join('<br>')}</td>`
}

export function gridPage(rows: GridRow[], account: Account, mayWrite: (locale: Locale) => boolean, notice?: string): string {
  // A translator's own languages come first, after the English source.
  const own = locales.filter((l) => l !== 'en' && account.languages.includes(l))
  const columns: Locale[] = ['en', ...own, ...locales.filter((l) => l !== 'en' && !own.includes(l))]
  const head = `<tr><th>Document</th>${columns.map((l) => `<th>${l}</th>`).join('')}</tr>`
  const body = rows
    .map(
      (row) =>
        `<tr data-key="${escape(row.key)}" data-kind="${row.kind}"><th>${escape(row.title)}</th>${columns.map((l) => cell(row, l, mayWrite)).join('')}</tr>`,
    )
    .join('\n')
  return layout(
    'Translations',
    `<h1>Translations</h1>${notice ? `<p role="status">${escape(notice)}</p>` : ''}
<p class="legend"><span class="present">up to date</span><span class="outdated">outdated: English changed after it</span><span class="draft">draft</span><span class="scheduled">scheduled</span><span class="missing">missing</span></p>
<p>“Start” makes a draft copy of the English post in that language; “changes” shows what changed in the English since that translation was last saved.</p>
<div class="grid"><table><thead>${head}</thead><tbody>\n${body}</tbody></table></div>`,
    account,
  )
}

export function changesPage(title: string, diff: string | null, editHref: string | null, account: Account): string {
  const lines = (diff ?? '')
    .split('\n')
    .filter((line) => !/^(diff --git|index |--- |\+\+\+ )/.test(line))
    .map((line) => `<span class="${line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : ''}">${escape(line)}</span>`)
    .join('\n')
  const text =
    diff === null
      ? '<p>This translation has no saved history to compare with: read the English version in full.</p>'
      : diff.trim()
        ? `<pre class="diff" data-testid="english-changes">${lines}</pre>`
        : '<p data-testid="english-changes">The English has not changed since this translation was last saved.</p>'
  return layout(title, `<h1>${escape(title)}</h1>${text}${editHref ? `<p><a href="${escape(editHref)}">Edit the translation</a></p>` : ''}`, account)
}

/**
 * The page that starts Keystatic's UI (dist/admin); its script is the admin build's entry. The
 * classic scripts in `before` run first (a module script waits for the page to be parsed).
 */
export function keystaticShell(script: string, styles: string[], before: string[] = []): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex,nofollow"><title>Estate Atlas editorial</title>${styles.map((s) => `<link rel="stylesheet" href="${escape(s)}">`).join('')}
${before.map((s) => `<script src="${escape(s)}"></script>`).join('')}<script type="module" src="${escape(script)}"></script></head><body><div id="keystatic"></div></body></html>`
}
