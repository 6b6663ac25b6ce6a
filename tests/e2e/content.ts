import { readdirSync, readFileSync } from 'node:fs'
import { parse } from 'yaml'

const root = new URL('../../content/', import.meta.url)

function frontMatter(path: URL): Record<string, unknown> {
  const text = readFileSync(path, 'utf8')
  return parse(text.split(/^---$/m)[1])
}

export type PostFile = { key: string; locale: string; title: string; slug: string; meta: string }

/** The bundled posts, read straight from the files an editor writes. */
export function posts(): PostFile[] {
  return readdirSync(new URL('posts/', root)).flatMap((key) =>
    readdirSync(new URL(`posts/${key}/`, root))
      .filter((f) => f.endsWith('.md'))
      .map((file) => {
        const data = frontMatter(new URL(`posts/${key}/${file}`, root))
        return { key, locale: file.slice(0, -3), title: String(data.title), slug: String(data.slug), meta: String(data.meta) }
      }),
  )
}

export function guideDescription(code: string, locale: string) {
  return String(frontMatter(new URL(`countries/${code}/${locale}.md`, root)).description)
}
