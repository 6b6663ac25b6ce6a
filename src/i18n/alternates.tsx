/** The current page's URLs in other locales, read by the language picker (one source: the loaders). */
import { createContext, useContext, type ReactNode } from 'react'
import { useRouterState } from '@tanstack/react-router'
import type { Alternate } from './paths'
import { alternatesForRoute } from './paths'

const TranslatedParamsContext = createContext<Alternate[] | null>(null)

function hasAlternates(data: unknown): data is { alternates: Alternate[] } {
  return typeof data === 'object' && data !== null && 'alternates' in data && Array.isArray(data.alternates)
}

export function TranslatedParamsProvider({ children }: { children: ReactNode }) {
  const alternates = useRouterState({
    select: (s) => {
      for (let i = s.matches.length - 1; i >= 0; i--) {
        const match = s.matches[i]
        if (match.status === 'success' && hasAlternates(match.loaderData)) return match.loaderData.alternates
      }
      return null
    },
    structuralSharing: true,
  })
  return <TranslatedParamsContext.Provider value={alternates ?? alternatesForRoute('/blog')}>{children}</TranslatedParamsContext.Provider>
}

export function useTranslatedParams() {
  const value = useContext(TranslatedParamsContext)
  if (!value) throw new Error('useTranslatedParams must be used within a TranslatedParamsProvider')
  return value
}
