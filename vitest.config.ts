import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Tests check behaviour, not speed (speed is for `npm run bench`): the whole-content tests,
    // scrypt sign-ins and Git commits take seconds on a busy 2-core machine, past the 5 s default.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
})
