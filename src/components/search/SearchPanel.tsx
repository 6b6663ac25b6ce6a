/**
 * Results as the reader types, under the header's field (loaded on intent by HeaderSearch). The
 * field becomes a combobox (ARIA 1.2 pattern, list autocomplete): ↓/↑ move through the results,
 * Enter opens the chosen one or, with none chosen, the search page; Esc closes the list.
 * The field's attributes are set here, on the element, so that none of this code is needed before.
 */
import { Link, useNavigate, useRouter } from '@tanstack/react-router'
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { SEARCH } from '../../config/constants'
import { getLocale } from '../../i18n/locale'
import { m } from '../../paraglide/messages'
import { searchFromBrowser } from './client'
import { normalizeQuery, type SearchAnswer } from '../../search/query'
import { SEARCH_FIELD_ID } from './field'
import { Excerpt, HitMeta, hitTarget } from './SearchHits'

const listId = 'site-search-results'
const optionId = (i: number) => `${listId}-${i}`

const field = () => document.getElementById(SEARCH_FIELD_ID) as HTMLInputElement | null
const readQuery = () => field()?.value ?? ''
function subscribe(onChange: () => void) {
  const element = field()
  element?.addEventListener('input', onChange)
  return () => element?.removeEventListener('input', onChange)
}

export default function SearchPanel() {
  const locale = getLocale()
  const navigate = useNavigate()
  const router = useRouter()
  // The field's value is the query, read from the element: what was typed while this code was
  // loading counts too.
  const query = useSyncExternalStore(subscribe, readQuery, () => '')
  const [answer, setAnswer] = useState<SearchAnswer | null>(null)
  const [failed, setFailed] = useState(false)
  const [open, setOpen] = useState(true)
  const [active, setActive] = useState(-1)

  const wanted = normalizeQuery(query).query
  // The answer to what the field says now; until it arrives the previous one stays on screen, so
  // the list does not blink at every keystroke.
  const current = answer && answer.query === wanted ? answer : null
  const hits = useMemo(() => answer?.hits ?? [], [answer])
  const expanded = open && wanted !== '' && (answer !== null || failed)

  // Each keystroke asks for its answer; an answer that arrives after a newer keystroke is dropped.
  useEffect(() => {
    if (!wanted) return
    let live = true
    searchFromBrowser(locale, wanted, SEARCH.panelResults).then(
      (next) => {
        if (!live) return
        setAnswer(next)
        setFailed(false)
        setActive(-1)
      },
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [locale, wanted])

  // The list closes when the page changes.
  useEffect(
    () =>
      router.subscribe('onResolved', () => {
        setOpen(false)
        setActive(-1)
      }),
    [router],
  )

  useEffect(() => {
    const element = field()
    if (!element) return
    element.setAttribute('role', 'combobox')
    element.setAttribute('aria-autocomplete', 'list')
    element.setAttribute('aria-controls', listId)
    element.setAttribute('aria-expanded', String(expanded))
    if (expanded && active >= 0 && active < hits.length) element.setAttribute('aria-activedescendant', optionId(active))
    else element.removeAttribute('aria-activedescendant')
  }, [expanded, active, hits.length])

  useEffect(() => {
    const element = field()
    const form = element?.form
    if (!element || !form) return
    const openSearchPage = () => {
      setOpen(false)
      void navigate({ to: '/search', search: { q: element.value } })
    }
    // Typing opens the list and forgets the result chosen in it: Enter then searches what was typed.
    const onInput = () => {
      setOpen(true)
      setActive(-1)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      const count = hits.length
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault()
        setOpen(true)
        if (count) setActive((i) => (event.key === 'ArrowDown' ? (i + 1) % count : i <= 0 ? count - 1 : i - 1))
      } else if (event.key === 'Escape') {
        if (expanded) event.preventDefault()
        setOpen(false)
        setActive(-1)
      } else if (event.key === 'Enter' && expanded && active >= 0 && active < count) {
        event.preventDefault()
        setOpen(false)
        void navigate({ to: hitTarget(hits[active]) })
      }
    }
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault()
      openSearchPage()
    }
    const onFocus = () => setOpen(true)
    const onBlur = (event: FocusEvent) => {
      if (!form.contains(event.relatedTarget as Node | null)) setOpen(false)
    }
    element.addEventListener('input', onInput)
    element.addEventListener('keydown', onKeyDown)
    element.addEventListener('focus', onFocus)
    form.addEventListener('focusout', onBlur)
    form.addEventListener('submit', onSubmit)
    return () => {
      element.removeEventListener('input', onInput)
      element.removeEventListener('keydown', onKeyDown)
      element.removeEventListener('focus', onFocus)
      form.removeEventListener('focusout', onBlur)
      form.removeEventListener('submit', onSubmit)
    }
  }, [hits, active, expanded, navigate])

  return (
    <div
      hidden={!expanded}
      className="absolute end-0 top-full z-50 mt-2 max-h-[75vh] w-[min(28rem,calc(100vw-2rem))] overflow-y-auto rounded-lg border border-line bg-surface p-1 shadow-lg"
    >
      <ul id={listId} role="listbox" aria-label={m.search_label()} data-query={current?.query ?? ''}>
        {hits.map((hit, i) => (
          <li
            key={hit.path}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // The field keeps the focus: a click chooses without blurring it first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setOpen(false)
              void navigate({ to: hitTarget(hit) })
            }}
            onMouseMove={() => setActive(i)}
            className="cursor-pointer rounded-md px-3 py-2 aria-selected:bg-surface-2"
          >
            <HitMeta hit={hit} />
            <span className="mt-0.5 block font-medium text-ink">{hit.title}</span>
            <span className="mt-0.5 line-clamp-2 text-sm text-ink-2">
              <Excerpt parts={hit.excerpt} />
            </span>
          </li>
        ))}
      </ul>
      <p aria-live="polite" className="px-3 py-2 text-sm text-ink-2">
        {failed
          ? m.search_error()
          : answer && answer.total === 0
            ? m.search_none({ query: answer.query })
            : answer
              ? m.search_results_count({ count: String(answer.total) })
              : ''}
      </p>
      {answer && answer.total > 0 && (
        <Link
          to="/search"
          search={{ q: answer.query }}
          onClick={() => setOpen(false)}
          className="block rounded-md px-3 py-2 text-sm font-medium text-accent hover:bg-surface-2"
        >
          {m.search_all_results()}
        </Link>
      )}
    </div>
  )
}
