import { createFileRoute, redirect } from '@tanstack/react-router'
import { pageTarget } from '../content/page-target'
import { postListQuery } from '../page-data/queries'
import { getLocale } from '../i18n/locale'
import { listHead, listHeaders, loadList } from './-post-list'
import { PostListView } from '../components/PostListView'

/** `?country=GR` was the filter before the archive had pages: it now redirects to that country's list. */
export function validateBlogSearch(search: Record<string, unknown>): { country?: string } {
  const country = search.country
  return typeof country === 'string' && /^[A-Za-z]{2}$/.test(country) ? { country: country.toUpperCase() } : {}
}

export const Route = createFileRoute('/blog/')({
  validateSearch: validateBlogSearch,
  loaderDeps: ({ search }) => ({ country: search.country }),
  loader: async ({ context, deps }) => {
    // A known country's code is answered with a redirect to its list, spelled in the page's
    // language; an unknown one is ignored, as it always was.
    if (deps.country) {
      const view = await context.queryClient.ensureQueryData(postListQuery(getLocale(), deps.country, 1))
      if (view.kind === 'redirect') throw redirect({ ...pageTarget(view.param, 1), statusCode: 301 })
    }
    return loadList(context.queryClient, null, undefined)
  },
  headers: listHeaders,
  head: listHead,
  component: () => <PostListView />,
})
