import { RouterProvider } from '@tanstack/react-router'
import { hydrateStart } from '@tanstack/react-start/client'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { startHydration } from './components/HydrateLater'

// The browser entry. Start's default entry renders <StartClient/>, which suspends on the router's
// hydration promise at the root; here the router is hydrated first and the tree rendered once it
// is ready, so hydration never suspends above the first Suspense boundary (decision 006).
// The work is spread over tasks so none blocks input for long on a slow phone: modules evaluate,
// then the router is restored, then the page is hydrated, then header and footer (<HydrateLater>).
const nextTask = () => new Promise((resolve) => setTimeout(resolve))

void nextTask()
  .then(() => hydrateStart())
  .then(async (router) => {
    await nextTask()
    startHydration()
    hydrateRoot(
      document,
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    )
  })
