/** The entries of repeated head properties that the router's head leaves out (decision 022). */
import { useRouterState } from '@tanstack/react-router'
import { repeatedMeta, type MetaEntry } from '../seo/repeated-meta'

export function RepeatedMeta() {
  const extra = useRouterState({
    select: (state) => repeatedMeta(state.matches.flatMap((match) => (match.meta ?? []) as MetaEntry[])),
    structuralSharing: true,
  })
  return extra.map(({ property, content }) => <meta key={`${property} ${content}`} property={property} content={content} />)
}
