import { RouterProvider } from '@tanstack/react-router'
import { hydrateStart } from '@tanstack/react-start/client'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'

// The browser entry. Start's default entry renders <StartClient/>, which suspends on the router's
// hydration promise at the root; here the router is hydrated first and the tree rendered once it
// is ready, so hydration never suspends above the first Suspense boundary (decision 006).
// The router is restored in one task and the page hydrated in the next, so neither blocks input
// for long on a slow phone.
void hydrateStart().then(async (router) => {
  await new Promise((resolve) => setTimeout(resolve))
  hydrateRoot(
    document,
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
})
