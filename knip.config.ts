// `npm run validate` fails on an unused file, export or dependency (issue 22).
import type { KnipConfig } from 'knip'

const config: KnipConfig = {
  entry: ['src/routes/**/*.{ts,tsx}', 'src/cms/admin.client.tsx', 'scripts/*.ts', 'scripts/bench/*.ts', 'tests/e2e/**/*.ts'],
  project: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts'],
  ignoreDependencies: [
    // Read as files, not imported: share-image fonts (src/og/render.server.tsx), flag images
    // (src/components/Flag.tsx), axe's browser script (tests/e2e/helpers.ts).
    '@fontsource/noto-sans',
    '@fontsource/noto-serif',
    'flag-icons',
    'axe-core',
    // Loaded by Paraglide's compiler from project.inlang/settings.json.
    '@inlang/plugin-message-format',
    // Imported by CSS (src/styles.css, src/theme/fonts.css), which knip does not read.
    'tailwindcss',
    '@fontsource/source-serif-4',
    // Run by npm scripts through scripts/bootstrap.sh (`-- prettier …`), where knip does not look.
    'prettier',
    // A path to a module the client-bundle test reads as text, not an import.
    '@tanstack/start-client-core',
  ],
  // The Nu HTML Checker runs on the machine's Java (scripts/html-validate.ts); a unit test makes a
  // FIFO with the system's mkfifo (src/content/files.server.test.ts).
  ignoreBinaries: ['java', 'mkfifo'],
}

export default config
