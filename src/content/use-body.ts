/**
 * The body of a post, guide or static page for its component (issue 27, decision 020): from the
 * data after a client-side navigation; else, for the page's own request, from `pageBody` (the body
 * the server took out of the data, or the markup of the page being hydrated). Once hydrated, the body read from the
 * page is put into the cached data, so coming back to the page by a client-side navigation draws it.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useEffect } from 'react'
import { pageBody, pagePriceChart } from './data'
import type { Guide, View } from './types'

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

/** A guide's price chart, as `useBody` does for the body: left out of the page's own data, read once. */
export function usePriceChart(queryKey: QueryKey, figures: Guide['keyFigures']): string {
  const queryClient = useQueryClient()
  const missing = figures?.prices === ''
  const html = figures && missing ? pagePriceChart(figures) : (figures?.prices ?? '')
  useEffect(() => {
    if (!missing) return
    queryClient.setQueryData<View<Guide>>(queryKey, (view) =>
      view?.kind === 'found' && view.data.keyFigures?.prices === ''
        ? { ...view, data: { ...view.data, keyFigures: { ...view.data.keyFigures, prices: html } } }
        : view,
    )
  }, [missing, html, queryClient, queryKey])
  return html
}
