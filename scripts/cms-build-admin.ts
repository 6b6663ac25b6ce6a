// Builds the editorial interface (Keystatic's React UI) apart from the site: its own entry and
// dist/admin, so the public client assets are the same bytes with or without it (decision 019).
import viteReact from '@vitejs/plugin-react'
import { build } from 'vite'

export async function buildAdmin() {
  await build({
    configFile: false,
    logLevel: process.env.CI ? 'warn' : 'info',
    base: '/admin/assets/',
    publicDir: false,
    plugins: [viteReact()],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: 'dist/admin',
      assetsDir: '',
      emptyOutDir: true,
      manifest: 'manifest.json',
      chunkSizeWarningLimit: 6000,
      rolldownOptions: { input: 'src/cms/admin.client.tsx' },
    },
  })
}
