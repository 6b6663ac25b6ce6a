import { createFileRoute } from '@tanstack/react-router'
import { listHead, listHeaders, loadList } from './-post-list'
import { PostListView } from '../components/PostListView'

export const Route = createFileRoute('/blog/page/$page')({
  loader: ({ context, params }) => loadList(context.queryClient, null, params.page),
  headers: listHeaders,
  head: listHead,
  component: function BlogPage() {
    return <PostListView pageParam={Route.useParams().page} />
  },
})
