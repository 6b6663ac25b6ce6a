// `npm run build`: the Vite production build, then Brotli and gzip twins of the client assets.
// Vite is driven from here because Paraglide's compiler leaves timers that keep `vite build`
// alive for about 30 s after it has finished.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { createBuilder } from 'vite'
import { buildAdmin } from './cms-build-admin'

const started = performance.now()
const builder = await createBuilder({ logLevel: process.env.CI ? 'warn' : 'info' })
await builder.buildApp()
// The editorial interface: its own build in dist/admin, nothing in dist/client (decision 019).
await buildAdmin()

const compressible = /\.(js|css|svg|json|webmanifest|xml|txt|html|ico)$/
function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]))
}
// Source maps stay beside the build for tools (bench:js) but are never served.
rmSync('dist/sourcemaps', { recursive: true, force: true })
mkdirSync('dist/sourcemaps', { recursive: true })
for (const file of walk('dist/client')) {
  if (file.endsWith('.map')) renameSync(file, join('dist/sourcemaps', basename(file)))
}
let count = 0
for (const file of walk('dist/client')) {
  if (!compressible.test(file) || statSync(file).size < 1024) continue
  const source = readFileSync(file)
  writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }))
  count++
}
console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s; ${count} assets precompressed.`)
process.exit(0)
