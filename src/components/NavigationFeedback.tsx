import { useRouterState } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { ROUTER } from '../config/constants'
import { m } from '../paraglide/messages'

/**
 * A slim bar for navigations slower than the pending threshold, shown at least the minimum time so
 * it never flickers; and focus moved to the new page's content so keyboard and screen-reader users
 * start reading there.
 */
export function NavigationFeedback() {
  const pending = useRouterState({ select: (s) => s.status === 'pending' })
  const href = useRouterState({ select: (s) => s.resolvedLocation?.pathname })
  const [visible, setVisible] = useState(false)
  const shownAt = useRef(0)
  const first = useRef(true)

  useEffect(() => {
    if (pending) {
      const timer = setTimeout(() => {
        shownAt.current = Date.now()
        setVisible(true)
      }, ROUTER.pendingMs)
      return () => clearTimeout(timer)
    }
    const remaining = ROUTER.pendingMinMs - (Date.now() - shownAt.current)
    const timer = setTimeout(() => setVisible(false), Math.max(0, remaining))
    return () => clearTimeout(timer)
  }, [pending])

  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    if (window.location.hash) return
    document.getElementById('main')?.focus({ preventScroll: true })
  }, [href])

  if (!visible) return null
  return (
    <div role="progressbar" aria-label={m.loading()} className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-accent/20">
      <div className="pending-bar h-full w-1/3 bg-accent" />
    </div>
  )
}
