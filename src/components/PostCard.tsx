import { Link } from '@tanstack/react-router'
import type { PostCard as PostCardData } from '../content/types'
import { m } from '../paraglide/messages'
import { Flag } from './Flag'

function PostMeta({ post }: { post: Pick<PostCardData, 'publishedAt' | 'publishedLabel' | 'readingMinutes' | 'country'> }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-2">
      {post.country && (
        <span className="inline-flex items-center gap-1.5 font-medium text-ink">
          <Flag country={post.country.code} />
          {post.country.name}
        </span>
      )}
      <time dateTime={post.publishedAt}>{post.publishedLabel}</time>
      <span>{m.post_reading_time({ minutes: post.readingMinutes })}</span>
    </p>
  )
}

export function PostCard({ post, featured = false }: { post: PostCardData; featured?: boolean }) {
  return (
    <article
      className={`group relative flex h-full flex-col rounded-xl border border-line bg-surface p-5 transition-shadow hover:shadow-md focus-within:shadow-md ${featured ? 'sm:p-8' : ''}`}
    >
      <PostMeta post={post} />
      <h3 className={`mt-3 font-display font-semibold tracking-tight text-balance ${featured ? 'text-2xl sm:text-3xl' : 'text-xl'}`}>
        <Link to="/blog/$slug" params={{ slug: post.slug }} className="after:absolute after:inset-0 after:rounded-xl group-hover:text-accent">
          {post.title}
        </Link>
      </h3>
      <p className={`mt-3 text-ink-2 text-pretty ${featured ? 'text-lg' : ''}`}>{post.summary}</p>
    </article>
  )
}
