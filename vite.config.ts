import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'

// The browser build runs on Preact (preact/compat) instead of React DOM: the same components, about
// 50 KB gzip less JavaScript on every page. The server renders with React, dev runs React (Fast
// Refresh), and only the production client environment is aliased. Decision 006.
const PREACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': fileURLToPath(new URL('./src/preact/client.ts', import.meta.url)),
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
}

function preactInBrowser(): Plugin {
  return {
    name: 'estate-atlas:preact-in-browser',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(id, importer, options) {
      const target = PREACT[id]
      if (!target) return null
      return this.resolve(target, importer, { ...options, skipSelf: true })
    },
  }
}

// Paraglide compiles before Vite starts (`npm run paraglide`, scripts/paraglide.ts), so the build,
// the type check, the unit tests and the content scripts all read the same compiled messages.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  server: { port: 3000 },
  // Server-only native modules (share images) must not be pre-bundled for the browser in dev.
  optimizeDeps: { exclude: ['@resvg/resvg-js', 'satori'] },
  plugins: [preactInBrowser(), tanstackStart(), viteReact(), tailwindcss()],
})
