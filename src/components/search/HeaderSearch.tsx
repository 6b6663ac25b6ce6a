/**
 * The header's search form, on every page: a plain GET form to the locale's search page, so it
 * works without JavaScript. `/` and Ctrl/Cmd-K focus it; the first focus or hover loads the
 * results panel (SearchPanel.tsx) and the locale's messages — nothing of it is in the page's
 * initial JavaScript.
 */
import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import { SEARCH } from '../../config/constants'
import { getLocale } from '../../i18n/locale'
import { loadMessages } from '../../i18n/messages-loader'
import { routePath } from '../../i18n/paths'
import { m } from '../../paraglide/messages'
import { SEARCH_FIELD_ID } from './field'

/**
 * The panel comes with the locale's messages (its labels, counts, "no results"): a page carries only
 * the messages its render called, and the rest come on intent (issue 40), as here.
 */
const SearchPanel = lazy(() => Promise.all([import('./SearchPanel'), loadMessages(getLocale())]).then(([panel]) => panel))

export function HeaderSearch() {
  const input = useRef<HTMLInputElement>(null)
  const [wanted, setWanted] = useState(false)
  const want = () => setWanted(true)
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement
      if (
        (event.key === 'k' && (event.ctrlKey || event.metaKey)) ||
        (event.key === '/' && !target.closest('input,textarea,select,[contenteditable]'))
      ) {
        event.preventDefault()
        input.current?.focus()
      }
    }
    addEventListener('keydown', onKey)
    return () => removeEventListener('keydown', onKey)
  }, [])
  return (
    <form role="search" method="get" action={routePath('/search', getLocale())} className="header-search">
      <label htmlFor={SEARCH_FIELD_ID} className="sr-only">
        {m.search_label()}
      </label>
      <input
        ref={input}
        id={SEARCH_FIELD_ID}
        name="q"
        type="search"
        autoComplete="off"
        maxLength={SEARCH.maxQueryLength}
        placeholder={m.search_placeholder()}
        enterKeyHint="search"
        onFocus={want}
        onPointerEnter={want}
      />
      {wanted && (
        <Suspense>
          <SearchPanel />
        </Suspense>
      )}
    </form>
  )
}
