import { useRef, useState } from 'react'
import { getLocale } from '../../../i18n/locale'
import { loadMessages } from '../../../i18n/messages-loader'
import type { CalcPageData } from '../../../key-figures/calculator/types'

/**
 * The calculator's place on a page: the server's markup (form and, for a sent form, its result),
 * and on the reader's first touch the code that recalculates as they type, loaded then and not
 * with the page (issue 24: a guide's initial JavaScript grows by at most 2 KB).
 *
 * Once the live calculator runs, the form and its result are the reader's: the markup React drew
 * is kept as it was. The URL the calculator keeps in step makes the route load again, and its
 * `html` then changes (a sent form's answer is the server's only, and the comparison reads its
 * parts from the page); setting it again would wipe the reader's values and detach the calculator.
 * The routes give it a `key` per country and language, so another guide draws afresh.
 */
export function Calculator({ html, pages, title }: { html: string; pages: CalcPageData[]; title: string }) {
  const section = useRef<HTMLElement>(null)
  const started = useRef(false)
  const [kept, keep] = useState<string | null>(null)
  const start = () => {
    if (started.current || !section.current) return
    started.current = true
    keep(html)
    const element = section.current
    // The result's texts are not among the messages the page carried (the server drew no result):
    // they come with the locale's messages, usually loaded already once the browser was idle; the
    // result is drawn in a root of its own that a later reload of the messages would not redraw.
    const locale = getLocale()
    void Promise.all([import('./live'), loadMessages(locale)]).then(([live]) => live.attach(element, pages, locale))
  }
  return (
    <section
      id="calculator"
      ref={section}
      aria-labelledby="calculator-title"
      className="calc mt-12 rounded-xl border border-line bg-surface-2 p-5"
      onFocus={start}
      onInput={start}
      onPointerDown={start}
    >
      <h2 id="calculator-title" className="font-display text-2xl font-semibold">
        {title}
      </h2>
      <div id="kf-part-calculator" dangerouslySetInnerHTML={{ __html: kept ?? html }} />
    </section>
  )
}
