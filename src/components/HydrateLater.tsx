import { Suspense, use, type ReactNode } from 'react'

/**
 * Spreads the first hydration over two tasks (decision 009). The browser entry calls
 * `startHydration()` just before hydrating; until the next task, every `<HydrateLater>` subtree
 * suspends, and Suspense keeps the server's markup on screen meanwhile (Preact and React both
 * leave server HTML in place while a boundary suspends during hydration). On the server, and for
 * every render after the first hydration, it renders its children directly: a client navigation
 * never shows the (empty) fallback.
 */
let firstHydration: Promise<void> | null = null

export function startHydration() {
  firstHydration = new Promise((resolve) =>
    setTimeout(() => {
      firstHydration = null
      resolve()
    }),
  )
}

function Gate({ children }: { children: ReactNode }) {
  if (firstHydration) use(firstHydration)
  return children
}

export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  )
}
