import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Paraglide compiles before Vite starts (`npm run paraglide`, scripts/paraglide.ts), so the build,
// the type check, the unit tests and the content scripts all read the same compiled messages.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  server: { port: 3000 },
  plugins: [tanstackStart(), viteReact(), tailwindcss()],
})
