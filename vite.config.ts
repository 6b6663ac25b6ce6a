import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { noServerFunctionClient, paraglideClientMessages, startChunk } from './src/framework/client-bundle'

// Paraglide compiles before Vite starts (`npm run paraglide`, scripts/paraglide.ts), so the build,
// the type check, the unit tests and the content scripts all read the same compiled messages.
export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    // The shim is for React before 18; its own non-shim entry uses React's useSyncExternalStore.
    alias: [{ find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' }],
  },
  server: { port: 3000 },
  // Server-only native modules (share images) must not be pre-bundled for the browser in dev.
  optimizeDeps: { exclude: ['@resvg/resvg-js', 'satori'] },
  environments: {
    client: {
      build: {
        // Source maps of the browser build, not referenced from the files: scripts/build.ts moves
        // them out of the served directory; `npm run bench:js` reads them to say what each KB is.
        sourcemap: 'hidden',
        rolldownOptions: { output: { codeSplitting: { groups: [startChunk] } } },
      },
    },
  },
  plugins: [
    paraglideClientMessages,
    noServerFunctionClient,
    tanstackStart({
      // A route's components in one chunk: Start preloads all of them for a matched route anyway.
      router: { codeSplittingOptions: { defaultBehavior: [['component', 'pendingComponent', 'errorComponent', 'notFoundComponent']] } },
    }),
    viteReact(),
    tailwindcss(),
  ],
})
