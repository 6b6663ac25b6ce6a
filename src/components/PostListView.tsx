/** The screen of the archive's list pages: the blog index and a country's posts, page by page. */
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Breadcrumbs } from './Breadcrumbs'
import { Flag } from './Flag'
import { Pagination } from './Pagination'
import { pageTarget } from '../content/page-target'
import { PostCard } from './PostCard'
import { parsePageParam } from '../content/pagination'
import { postListQuery } from '../page-data/queries'
import { getLocale } from '../i18n/locale'
import { m } from '../paraglide/messages'
import { listDescription, listTitle } from '../content/list-texts'

export function PostListView({ country = null, pageParam }: { country?: string | null; pageParam?: string }) {
  const { data: view } = useSuspenseQuery(postListQuery(getLocale(), country, parsePageParam(pageParam) ?? 1))
  if (view.kind !== 'found') return null
  const data = view.data
  const { featured, posts, page, pageCount, countries, guides } = data
  const filter = data.country

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      {filter && <Breadcrumbs current={listTitle(data)} country={filter.guide ? { name: filter.name, slug: filter.guide } : null} />}
      <header className={`max-w-3xl ${filter ? 'mt-6' : ''}`}>
        <h1 className="page-title">
          {filter && <Flag country={filter.code} className="mr-3 !h-8 !w-11 align-baseline" />}
          {listTitle(data)}
        </h1>
        <p className="mt-4 text-lg text-ink-2 text-pretty">{listDescription(data)}</p>
      </header>

      {featured && (
        <section aria-labelledby="featured-heading" className="mt-10">
          <h2 id="featured-heading" className="eyebrow">
            {m.posts_featured()}
          </h2>
          <div className="mt-3">
            <PostCard post={featured} featured />
          </div>
        </section>
      )}

      <section aria-labelledby="latest-heading" className="mt-12">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="latest-heading" className="font-display text-2xl font-semibold">
            {m.posts_latest()}
          </h2>
          <nav aria-label={m.posts_filter_label()}>
            <ul className="flex flex-wrap gap-2">
              <li>
                <Link to="/blog" className="chip" activeOptions={{ exact: true }} aria-current={filter ? undefined : 'page'}>
                  {m.posts_filter_all()}
                </Link>
              </li>
              {countries.map((c) => (
                <li key={c.code}>
                  <Link
                    {...pageTarget(c.slug, 1)}
                    className="chip"
                    activeOptions={{ exact: true }}
                    aria-current={filter?.code === c.code ? 'page' : undefined}
                  >
                    <Flag country={c.code} />
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        {posts.length ? (
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <li key={post.key}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        ) : (
          !featured && <p className="mt-6 text-ink-2">{m.posts_empty()}</p>
        )}
        <Pagination page={page} pageCount={pageCount} link={(n) => pageTarget(filter?.slug ?? null, n)} />
      </section>

      {guides.length > 0 && (
        <section aria-labelledby="guides-heading" className="mt-16">
          <h2 id="guides-heading" className="font-display text-2xl font-semibold">
            {m.guides_section_title()}
          </h2>
          <p className="mt-2 text-ink-2">{m.guides_section_intro()}</p>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {guides.map((g) => (
              <li key={g.code}>
                <Link
                  to="/blog/countries/$country"
                  params={{ country: g.slug }}
                  className="flex h-full gap-4 rounded-xl border border-line p-4 hover:border-accent hover:shadow-sm"
                >
                  <Flag country={g.code} className="mt-1 !h-6 !w-8" />
                  <span>
                    <span className="block font-semibold">{g.name}</span>
                    <span className="mt-1 block text-sm text-ink-2 line-clamp-3">{g.description}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
