/**
 * The layering rules `npm run validate` enforces (issues 22 and 36), from the bottom up:
 *
 * - data: src/content, src/key-figures, src/search, src/seo, src/i18n, src/config. Reads, validates
 *   and computes; draws nothing, never imports the interface or the composing layer above it.
 * - interface: src/components. Draws; a component never imports a server-only module (`*.server.*`),
 *   except that the components' own `*.server.tsx` (drawing to markup on the server) may.
 * - composition: src/page-data. What a route loads: content and key figures with their parts drawn.
 * - routes: src/routes. Page routes never import a server-only module; server routes (API, sitemaps,
 *   feeds, share images) answer on the server only and may.
 *
 * These rules look at each import; .dependency-cruiser.reach.cjs follows imports transitively.
 */
const { DATA, ABOVE_DATA, UI, SERVER_ROUTES } = require('./.dependency-cruiser.layers.cjs')

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Modules that import each other, directly or through others, cannot be read or changed apart.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-server-module-in-ui',
      severity: 'error',
      comment: 'Components and page routes run in the browser too: server-only code (*.server.*) stays out of them.',
      from: { path: UI, pathNot: [SERVER_ROUTES, '\\.server\\.tsx?$'] },
      to: { path: '\\.server\\.(ts|tsx)$' },
    },
    {
      name: 'data-without-ui',
      severity: 'error',
      comment:
        'Data (content, key figures, search, SEO, i18n, config) serves the interface; it never imports it, nor the layer that composes them (src/page-data), and draws nothing (no .tsx).',
      from: { path: DATA },
      to: { path: ABOVE_DATA },
    },
    {
      name: 'admin-outside-the-site',
      severity: 'error',
      comment:
        'The editorial interface (Keystatic and its config, decision 019) is built and served apart: nothing of the site imports it, so readers get no byte of it. The server build offers the interface only src/cms/editorial.server.ts.',
      from: { pathNot: '^(src/cms/|server/cms/|scripts/cms-)' },
      to: { path: '^src/cms/(?!editorial\\.server\\.ts$)|^node_modules/@keystatic/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|src/paraglide|src/routeTree\\.gen\\.ts)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
}
