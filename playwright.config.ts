import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 4173)
export const baseURL = `http://127.0.0.1:${port}`

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: process.env.E2E_JSON ?? 'test-results/e2e.json' }]] : [['list']],
  use: {
    baseURL,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node server/start.ts',
    url: `${baseURL}/en/blog`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_CONCURRENCY: '1',
      NODE_ENV: 'production',
      SITE_URL: baseURL,
    },
  },
})
