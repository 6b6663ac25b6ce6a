/**
 * The body of a post, guide or static page for its component (issue 27, decision 020): from the
 * data after a client-side navigation; else, for the page's own request, from `pageBody` (the body
 * the server took out of the data, or the markup of the page being hydrated). Once hydrated, the body read from the
 * page is put into the cached data, so coming back to the page by a client-side navigation draws it.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useEffect } from 'react'
import { pageBody, pageGuidePart, type GuidePart } from './loaders'
import type { Guide, View } from '../content/types'

export function useBody(queryKey: QueryKey, data: { html?: string }): string {
  const queryClient = useQueryClient()
  const html = data.html ?? pageBody(data)
  const missing = data.html === undefined
  useEffect(() => {
    if (!missing) return
    queryClient.setQueryData<View<{ html?: string }>>(queryKey, (view) =>
      view?.kind === 'found' && view.data.html === undefined ? { ...view, data: { ...view.data, html } } : view,
    )
  }, [missing, html, queryClient, queryKey])
  return html
}

/**
 * A guide's drawn part (its price chart, its recent changes, its calculator's blank form), as `useBody` does for the
 * body: left out of the page's own data ('' in its place), read once, then kept in the cached data.
 * A page whose markup is not the part as the data would carry it (a calculator's answer to a sent
 * form) is not kept: the cached data is marked stale instead, so the next visit loads it whole.
 */
export function useGuidePart(queryKey: QueryKey, figures: Guide['keyFigures'], part: GuidePart, keep = true): string {
  const queryClient = useQueryClient()
  const sent = figures ? (part === 'calculator' ? figures.calculator.html : figures[part]) : null
  const missing = sent === ''
  const html = figures && missing ? pageGuidePart(figures, part) : (sent ?? '')
  useEffect(() => {
    if (!missing) return
    if (!keep) {
      void queryClient.invalidateQueries({ queryKey, refetchType: 'none' })
      return
    }
    queryClient.setQueryData<View<Guide>>(queryKey, (view) => {
      const kf = view?.kind === 'found' ? view.data.keyFigures : null
      if (!view || view.kind !== 'found' || !kf) return view
      const keyFigures =
        part === 'calculator' ? { ...kf, calculator: { ...kf.calculator, html: kf.calculator.html || html } } : { ...kf, [part]: kf[part] || html }
      return { ...view, data: { ...view.data, keyFigures } }
    })
  }, [missing, keep, html, queryClient, queryKey, part])
  return html
}
