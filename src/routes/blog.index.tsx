import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { Flag } from '../components/Flag'
import { PostCard } from '../components/PostCard'
import { cacheControl, FRESHNESS } from '../config/constants'
import { siteUrlOf } from '../config/site'
import { blogIndexQuery } from '../content/queries'
import { routePath } from '../i18n/paths'
import { ogImagePath } from '../og/path'
import { m } from '../paraglide/messages'
import { getLocale } from '../i18n/locale'
import { buildHead } from '../seo/head'

/** `?country=GR` filters the list; anything else in the query is ignored, never an error. */
export function validateBlogSearch(search: Record<string, unknown>): { country?: string } {
  const country = search.country
  return typeof country === 'string' && /^[A-Z]{2}$/.test(country) ? { country } : {}
}

export const Route = createFileRoute('/blog/')({
  validateSearch: validateBlogSearch,
  loader: ({ context }) => context.queryClient.ensureQueryData(blogIndexQuery(getLocale())),
  headers: () => ({ 'Cache-Control': cacheControl(FRESHNESS.blogIndex) }),
  head: ({ matches, loaderData }) => {
    const locale = getLocale()
    return buildHead({
      title: m.blog_title(),
      description: m.blog_description(),
      locale,
      path: routePath('/blog', locale),
      siteUrl: siteUrlOf(matches),
      alternates: loaderData?.alternates,
      image: {
        path: ogImagePath({ title: m.blog_title(), type: 'Generic', locale, description: m.blog_description() }),
        alt: m.blog_title(),
      },
    })
  },
  component: BlogIndex,
})

function BlogIndex() {
  const { data } = useSuspenseQuery(blogIndexQuery(getLocale()))
  const { country } = Route.useSearch()
  const countries = [...new Map(data.posts.flatMap((p) => (p.country ? [[p.country.code, p.country]] : []))).values()]
  const posts = country ? data.posts.filter((p) => p.country?.code === country) : data.posts
  const [featured, ...rest] = country ? [undefined, ...posts] : posts

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <header className="max-w-3xl">
        <h1 className="font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">{m.blog_title()}</h1>
        <p className="mt-4 text-lg text-ink-2 text-pretty">{m.blog_description()}</p>
      </header>

      {featured && (
        <section aria-labelledby="featured-heading" className="mt-10">
          <h2 id="featured-heading" className="eyebrow">{m.posts_featured()}</h2>
          <div className="mt-3">
            <PostCard post={featured} featured />
          </div>
        </section>
      )}

      <section aria-labelledby="latest-heading" className="mt-12">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="latest-heading" className="font-display text-2xl font-semibold">{m.posts_latest()}</h2>
          <nav aria-label={m.posts_filter_label()}>
            <ul className="flex flex-wrap gap-2">
              <li>
                <Link to="/blog" search={{}} className="chip" activeOptions={{ includeSearch: true }} activeProps={{ 'aria-current': 'page' }}>
                  {m.posts_filter_all()}
                </Link>
              </li>
              {countries.map((c) => (
                <li key={c.code}>
                  <Link to="/blog" search={{ country: c.code }} className="chip" activeOptions={{ includeSearch: true }} activeProps={{ 'aria-current': 'page' }}>
                    <Flag country={c.code} />
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        {rest.length ? (
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {rest.map((post) => post && (
              <li key={post.key}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        ) : (
          !featured && <p className="mt-6 text-ink-2">{m.posts_empty()}</p>
        )}
      </section>

      <section aria-labelledby="guides-heading" className="mt-16">
        <h2 id="guides-heading" className="font-display text-2xl font-semibold">{m.guides_section_title()}</h2>
        <p className="mt-2 text-ink-2">{m.guides_section_intro()}</p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.guides.map((g) => (
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
    </div>
  )
}
