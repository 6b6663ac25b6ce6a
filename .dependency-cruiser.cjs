/**
 * The layering rules `npm run validate` enforces (issue 22): no import cycle; components and page
 * routes never import server-only modules (`*.server.*`); content never imports the interface.
 * Server routes (API, sitemaps, feeds, share images) answer on the server only and may.
 */
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
      from: {
        path: '^src/(components|routes)/',
        pathNot: '^src/routes/(api/|data/|og\\.|sitemap|sitemaps\\.|robots|rss)',
      },
      to: { path: '\\.server\\.(ts|tsx)$' },
    },
    {
      name: 'content-without-ui',
      severity: 'error',
      comment:
        'Content (loading, views, types) serves the interface; it never imports it. The key figures’ two server-side entries draw their markup with the components (decision 017).',
      from: { path: '^src/(content|search|seo|i18n|config|key-figures)/', pathNot: '^src/key-figures/(views\\.server|calculator/answer)\\.ts$' },
      to: { path: '^src/(components|routes)/|\\.tsx$' },
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
