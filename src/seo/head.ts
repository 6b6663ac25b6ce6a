/** Builds a page's head entries from one description of the page. Pure; see head.test.ts. */
import { pageTitle } from './title'

export type PageHead = {
  title: string
  description: string
  noindex?: boolean
}

export function buildHead(page: PageHead) {
  const meta: Array<Record<string, string>> = [
    { title: pageTitle(page.title) },
    { name: 'description', content: page.description },
  ]
  if (page.noindex) meta.push({ name: 'robots', content: 'noindex' })
  return { meta }
}
