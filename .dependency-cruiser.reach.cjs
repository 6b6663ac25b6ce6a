/**
 * The layering rules of .dependency-cruiser.cjs followed through every import (`reachable`), so a
 * page route → plain module → `*.server` path is caught, not only a direct import (issue 36). Run
 * after it by `npm run lint:layers`.
 *
 * Two things differ from the direct rules:
 * - Only imports that survive compilation count (`tsPreCompilationDeps: false`): a type import
 *   brings no code into the browser.
 * - The reach stops at an isomorphic module (one that calls `createIsomorphicFn` or
 *   `createServerOnlyFn`): Start's compiler removes its server half, and with it that half's
 *   imports, from the browser build. These modules are found by reading src, so a new one needs no
 *   entry here; the direct rules still check their own imports.
 */
const { readdirSync, readFileSync } = require('node:fs')
const { join } = require('node:path')
const base = require('./.dependency-cruiser.cjs')

const { DATA, ABOVE_DATA, UI, SERVER_ROUTES } = require('./.dependency-cruiser.layers.cjs')
const SERVER_MODULE = '\\.server\\.(ts|tsx)$'

function isomorphicModules(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'paraglide' ? [] : isomorphicModules(path)
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return []
    return /\bcreate(IsomorphicFn|ServerOnlyFn)\(/.test(readFileSync(path, 'utf8')) ? [`^${path.replace(/\\/g, '/').replace(/[.$]/g, '\\$&')}$`] : []
  })
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-server-module-reachable-from-ui',
      severity: 'error',
      comment:
        'A component or page route must not reach server-only code (*.server.*) through any chain of imports: it would be bundled for the browser, or fail there.',
      from: { path: UI, pathNot: [SERVER_ROUTES, SERVER_MODULE] },
      to: { path: SERVER_MODULE, reachable: true },
    },
    {
      name: 'data-never-reaches-ui',
      severity: 'error',
      comment: 'Data modules must not reach the interface or the composing layer through any chain of imports (a plain module in between included).',
      from: { path: DATA },
      to: { path: ABOVE_DATA, reachable: true },
    },
  ],
  options: {
    ...base.options,
    tsPreCompilationDeps: false,
    doNotFollow: { path: ['node_modules', ...isomorphicModules('src')] },
  },
}
