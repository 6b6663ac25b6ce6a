import { createFileRoute } from '@tanstack/react-router'
import { listHead, listHeaders, loadList } from './-post-list'
import { PostListView } from '../components/PostListView'

export const Route = createFileRoute('/blog/countries/$country_/posts/page/$page')({
  loader: ({ context, params }) => loadList(context.queryClient, params.country, params.page),
  headers: listHeaders,
  head: listHead,
  component: function CountryPostsPage() {
    const params = Route.useParams()
    return <PostListView country={params.country} pageParam={params.page} />
  },
})
