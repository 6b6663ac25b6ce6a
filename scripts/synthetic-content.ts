/**
 * A CONTENT_DIR with `factor` times the bundled posts (the real posts copied under new keys and
 * slugs), for the benchmarks (1x, 10x, 100x) and for browser tests that need a long archive.
 * `copyLocales` limits the copies to some languages, so that languages differ in size.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export function syntheticContent(factor: number, copyLocales?: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), `estate-atlas-${factor}x-`))
  cpSync('content', dir, { recursive: true })
  const posts = readdirSync('content/posts')
  for (let copy = 1; copy < factor; copy++) {
    for (const key of posts) {
      const target = join(dir, 'posts', `${key}-copy-${copy}`)
      mkdirSync(target, { recursive: true })
      for (const file of readdirSync(join('content/posts', key))) {
        if (copyLocales && !copyLocales.includes(file.replace(/\.md$/, ''))) continue
        const text = readFileSync(join('content/posts', key, file), 'utf8')
          .replace(/^slug: "([^"]+)"/m, `slug: "$1-${copy}"`)
          // A copy is a new post: the slugs its original had before are the original's alone.
          .replace(/^previousSlugs:.*\n(?:\s+-.*\n)*/m, '')
        writeFileSync(join(target, file), text)
      }
    }
  }
  return dir
}
