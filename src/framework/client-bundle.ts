/**
 * What the browser build does beyond Start's defaults, each measured by `npm run bench:js`
 * (decision 009): a post's initial JavaScript went from 137.8 to 128.3 KB gzip.
 */
import type { Plugin } from 'vite'

/**
 * Paraglide's message functions look up the active locale (`getLocale`) and report each call
 * (`trackMessageCall`) in a branch the browser never takes: with locale splitting, a browser call
 * returns the message the server injected into the page (decision 006). The minifier removes that
 * branch, but only after the bundler has decided what the runtime chunk exports, so Paraglide's
 * whole URL-pattern and strategy runtime (3.8 KB gzip) shipped unused. Removing the two calls
 * before bundling lets the bundler leave it out. If a Paraglide upgrade changes the generated
 * code, the build fails here instead of silently growing.
 */
export function withoutServerLocaleLookup(code: string, id: string) {
  // And each message is read through `__paraglide.t` (src/framework/paraglide-output.ts): a page
  // carries only the messages its render called, and a message it lacks must not throw.
  const out = code
    .replace('options.locale ?? getLocale()', 'options.locale')
    .replace(/\btrackMessageCall\(/, 'void (')
    .replace(/__paraglide\.ssr\.(\w+)\(inputs\)/, (_whole, name: string) => `__paraglide.t(${JSON.stringify(name)}, inputs)`)
  if (out === code || out.includes('getLocale()') || out.includes('trackMessageCall(') || out.includes('__paraglide.ssr.')) {
    throw new Error(`${id}: Paraglide's message module no longer has the shape src/framework/client-bundle.ts expects`)
  }
  return out
}

export const paraglideClientMessages: Plugin = {
  name: 'estate-atlas:paraglide-client-messages',
  applyToEnvironment: (environment) => environment.name === 'client',
  transform: {
    filter: { id: /[\\/]src[\\/]paraglide[\\/]messages[\\/](?!_index)[^\\/]+\.js$/ },
    handler(code, id) {
      return { code: withoutServerLocaleLookup(code, id), map: null }
    },
  },
}

/**
 * Start's browser entry registers a serializer that turns a server function found in loader data
 * into a client that calls it (`createClientRpc`), and with it the whole server-function fetcher and
 * its stream decoder (2.0 KB gzip in every page). This site has no server functions (decision 012):
 * `/_serverFn/*` answers 404, and no loader returns one. The serializer keeps its key, so both sides
 * still agree on the adapters, but reviving a server function fails with a message instead of
 * loading the fetcher. If a Start upgrade changes that module, the build fails here.
 */
export function withoutServerFunctionClient(code: string, id: string) {
  const importLine = /^import \{ createClientRpc \} from "[^"]+";\n/m
  const revive = 'fromSerializable: ({ functionId }) => createClientRpc(functionId)'
  if (!importLine.test(code) || !code.includes(revive)) {
    throw new Error(`${id}: Start's server-function serializer no longer has the shape src/framework/client-bundle.ts expects`)
  }
  return code
    .replace(importLine, '')
    .replace(revive, 'fromSerializable: ({ functionId }) => { throw new Error(`No server functions on this site (${functionId})`) }')
}

export const noServerFunctionClient: Plugin = {
  name: 'estate-atlas:no-server-function-client',
  applyToEnvironment: (environment) => environment.name === 'client',
  transform: {
    filter: { id: /start-client-core[\\/]dist[\\/]esm[\\/]client[\\/]ServerFunctionSerializationAdapter\.js$/ },
    handler(code, id) {
      return { code: withoutServerFunctionClient(code, id), map: null }
    },
  },
}

/**
 * Everything every page needs at start in one file, instead of the four the bundler makes by
 * default (React DOM, the router, a runtime chunk, Vite's preload helper) plus the components
 * every page type shares: one gzip stream compresses better than several (2.7 KB less for a post).
 * Route components stay in their own chunks.
 */
export const startChunk = {
  name: 'framework',
  test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|seroval|seroval-plugins|use-sync-external-store)[\\/]|vite[\\/]preload-helper|src[\\/]paraglide[\\/]runtime|src[\\/]components[\\/](Prose|Breadcrumbs|PostCard|OutdatedNotice)\.tsx|src[\\/]page-data[\\/]use-body\.ts/,
}
