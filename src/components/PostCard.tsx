import { Link } from '@tanstack/react-router'
import type { PostCard as PostCardData, RelatedPost } from '../content/types'
import { m } from '../paraglide/messages'
import { Flag } from './Flag'

function PostMeta({ post }: { post: Pick<PostCardData, 'publishedAt' | 'publishedLabel' | 'readingMinutes' | 'country'> }) {
  return (
    <p className="card-meta">
      {post.country && (
        <span className="card-country">
          <Flag country={post.country.code} />
          {post.country.name}
        </span>
      )}
      <time dateTime={post.publishedAt}>{post.publishedLabel}</time>
      <span>{m.post_reading_time({ minutes: post.readingMinutes })}</span>
    </p>
  )
}

/** A post in a list; a related post (beside another article) comes without its summary. */
export function PostCard({ post, featured = false }: { post: RelatedPost & { summary?: string }; featured?: boolean }) {
  return (
    <article className={featured ? 'card group sm:p-8' : 'card group'}>
      <PostMeta post={post} />
      <h3 className={featured ? 'card-title text-2xl sm:text-3xl' : 'card-title'}>
        <Link to="/blog/$slug" params={{ slug: post.slug }} className="card-link">
          {post.title}
        </Link>
      </h3>
      {post.summary && <p className={featured ? 'mt-3 text-lg text-ink-2 text-pretty' : 'mt-3 text-ink-2 text-pretty'}>{post.summary}</p>}
    </article>
  )
}
