import { useSuspenseQuery, type QueryKey } from '@tanstack/react-query'
import { Link, createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { Breadcrumbs } from '../components/Breadcrumbs'
import { Flag } from '../components/Flag'
import { NotFound } from '../components/NotFound'
import { OutdatedNotice } from '../components/OutdatedNotice'
import { PostCard } from '../components/PostCard'
import { Prose } from '../components/Prose'
import { Toc } from '../components/Toc'
import { cacheControl, FRESHNESS } from '../config/constants'
import { siteUrlOf } from '../config/site'
import { postQuery } from '../page-data/queries'
import type { Post } from '../content/types'
import { useBody } from '../page-data/use-body'
import { postHead } from '../seo/page-heads'
import { isPlausibleParam } from '../i18n/paths'
import { m } from '../paraglide/messages'
import { byline } from '../i18n/byline'
import { getLocale } from '../i18n/locale'
import { buildHead } from '../seo/head'

export const Route = createFileRoute('/blog/$slug')({
  loader: async ({ context, params }) => {
    if (!isPlausibleParam(params.slug)) throw notFound()
    const view = await context.queryClient.ensureQueryData(postQuery(getLocale(), params.slug))
    if (view.kind === 'redirect') throw redirect({ to: '/blog/$slug', params: { slug: view.param }, statusCode: 301 })
    if (view.kind === 'missing') throw notFound()
    return { alternates: view.alternates, post: view.data }
  },
  headers: () => ({ 'Cache-Control': cacheControl(FRESHNESS.post) }),
  head: ({ loaderData, matches }) =>
    loaderData
      ? postHead(loaderData.post, loaderData.alternates, { locale: getLocale(), siteUrl: siteUrlOf(matches) })
      : buildHead({ title: m.post_not_found_title(), description: m.not_found_text(), noindex: true }),
  notFoundComponent: () => <NotFound title={m.post_not_found_title()} />,
  component: PostPage,
})

function PostPage() {
  const { slug } = Route.useParams()
  const locale = getLocale()
  const query = postQuery(locale, slug)
  const { data: view } = useSuspenseQuery(query)
  if (view.kind !== 'found') return <NotFound title={m.post_not_found_title()} />
  return <PostView post={view.data} queryKey={query.queryKey} />
}

function PostView({ post, queryKey }: { post: Post; queryKey: QueryKey }) {
  const html = useBody(queryKey, post)
  return (
    <article className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      {(post.draft || post.scheduledFor) && (
        <p role="status" data-testid="draft-notice" className="mb-6 rounded-lg border border-accent bg-surface-2 px-4 py-3 text-sm font-medium">
          {post.draft ? m.post_draft_notice() : m.post_scheduled_notice({ date: post.scheduledFor ?? '' })}
        </p>
      )}
      <Breadcrumbs current={post.title} country={post.country} />
      <header className="mt-6 max-w-3xl">
        {post.country && (
          <p className="inline-flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-accent">
            <Flag country={post.country.code} />
            {post.country.name}
          </p>
        )}
        <h1 className="mt-3 page-title">{post.title}</h1>
        <p className="mt-5 text-xl text-ink-2 text-pretty">{post.summary}</p>
        <p className="byline">
          <span>{byline(post.author)}</span>
          <time dateTime={post.publishedAt}>{m.post_published({ date: post.publishedLabel })}</time>
          {post.updatedAt && post.updatedLabel && <time dateTime={post.updatedAt}>{m.post_updated({ date: post.updatedLabel })}</time>}
          <span>{m.post_reading_time({ minutes: post.readingMinutes })}</span>
        </p>
      </header>
      <OutdatedNotice outdated={post.outdated} />
      {/* One table of contents: above the article on narrow screens, beside it (sticky) on wide ones. */}
      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-10">
        <Toc headings={post.headings} className="lg:col-start-2 lg:row-start-1" />
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <Prose html={html} />
          {post.country?.slug && (
            <p className="mt-10">
              <Link to="/blog/countries/$country" params={{ country: post.country.slug }} className="btn-secondary">
                <Flag country={post.country.code} />
                {m.post_country_guide({ name: post.country.name })}
              </Link>
            </p>
          )}
        </div>
      </div>
      {post.related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-16 border-t border-line pt-10">
          <h2 id="related-heading" className="font-display text-2xl font-semibold">
            {m.post_related()}
          </h2>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {post.related.map((p) => (
              <li key={p.key}>
                <PostCard post={p} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  )
}
