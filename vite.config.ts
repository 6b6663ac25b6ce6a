import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Paraglide compiles before Vite starts (`npm run paraglide`, scripts/paraglide.ts), so the build,
// the type check, the unit tests and the content scripts all read the same compiled messages.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  server: { port: 3000 },
  // Server-only native modules (share images) must not be pre-bundled for the browser in dev.
  optimizeDeps: { exclude: ['@resvg/resvg-js', 'satori'] },
  // Source maps of the browser build, not referenced from the files: scripts/build.ts moves them
  // out of the served directory; `npm run bench:js` reads them to say what each kilobyte is.
  environments: { client: { build: { sourcemap: 'hidden' } } },
  plugins: [tanstackStart(), viteReact(), tailwindcss()],
})
