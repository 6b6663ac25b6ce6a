import { createFileRoute } from '@tanstack/react-router'
import { listHead, listHeaders, loadList } from './-post-list'
import { PostListView } from '../components/PostListView'

export const Route = createFileRoute('/blog/countries/$country_/posts/')({
  loader: ({ context, params }) => loadList(context.queryClient, params.country, undefined),
  headers: listHeaders,
  head: listHead,
  component: function CountryPosts() {
    return <PostListView country={Route.useParams().country} />
  },
})
