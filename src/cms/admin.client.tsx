// The browser entry of the editorial interface (dist/admin, its own Vite build: scripts/cms-build-admin.ts).
// Nothing of the public site imports it, so readers never download it (decision 019).
import { Keystatic } from '@keystatic/core/ui'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import config from './keystatic.config'

const root = document.getElementById('keystatic')
if (root)
  createRoot(root).render(
    <StrictMode>
      <Keystatic config={config} />
    </StrictMode>,
  )
