// Size of the sitemaps: URL count and bytes of the index and the per-locale files.
import { round, startSite, table } from './lib'

export async function sitemap(): Promise<string> {
  const site = await startSite(4471)
  const index = await (await fetch(`${site.url}/sitemap.xml`)).text()
  let urls = 0
  let bytes = 0
  let largest = 0
  for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const text = await (await fetch(`${site.url}${new URL(loc).pathname}`)).text()
    urls += (text.match(/<url>/g) ?? []).length
    bytes += Buffer.byteLength(text)
    largest = Math.max(largest, Buffer.byteLength(text))
  }
  await site.stop()
  return table(
    [
      {
        files: 1 + (index.match(/<sitemap>/g) ?? []).length,
        URLs: urls,
        'index KB': round(Buffer.byteLength(index) / 1024),
        'all sitemaps KB': round(bytes / 1024),
        'largest file KB': round(largest / 1024),
      },
    ],
    ['files', 'URLs', 'index KB', 'all sitemaps KB', 'largest file KB'],
  )
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await sitemap())
