import { useSuspenseQuery, type QueryKey } from '@tanstack/react-query'
import { Link, createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { Breadcrumbs } from '../components/Breadcrumbs'
import { Flag } from '../components/Flag'
import { Calculator } from '../components/key-figures/calculator/Calculator'
import { calculatorAnswer } from '../page-data/calculator'
import { calcParams, isCalcResult } from '../key-figures/calculator/params'
import { GUIDE_ANCHORS, KeyFiguresCosts, KeyFiguresPanel, KeyFiguresSummary } from '../components/key-figures/GuideKeyFigures'
import { Toc } from '../components/Toc'
import { SourceNotes } from '../components/key-figures/SourceNotes'
import { PriceTrend } from '../components/key-figures/PriceTrend'
import { KEY_FIGURES_MARKER } from '../key-figures/types'
import { NotFound } from '../components/NotFound'
import { OutdatedNotice } from '../components/OutdatedNotice'
import { PostCard } from '../components/PostCard'
import { Prose } from '../components/Prose'
import { CACHE_POLICY, cacheControl, FRESHNESS } from '../config/constants'
import { siteUrlOf } from '../config/site'
import { countryGuideQuery } from '../page-data/queries'
import type { Guide } from '../content/types'
import { guidePartId } from '../page-data/loaders'
import { useBody, useGuidePart } from '../page-data/use-body'
import { isPlausibleParam, routePath } from '../i18n/paths'
import { guideHead } from '../seo/page-heads'
import { m } from '../paraglide/messages'
import { DrawnSignUp } from '../components/readers/DrawnSignUp'
import { getLocale } from '../i18n/locale'
import { buildHead } from '../seo/head'

export const Route = createFileRoute('/blog/countries/$country')({
  validateSearch: calcParams,
  // Only the calculator's fields: a shared link's `utm_source` is no calculator answer (it made the
  // guide noindex and uncacheable by a CDN).
  loaderDeps: ({ search }) => ({ calc: calcParams(search) }),
  loader: async ({ context, params, deps }) => {
    if (!isPlausibleParam(params.country)) throw notFound()
    const view = await context.queryClient.ensureQueryData(countryGuideQuery(getLocale(), params.country))
    if (view.kind === 'redirect') {
      throw redirect({ to: '/blog/countries/$country', params: { country: view.param }, statusCode: 301 })
    }
    if (view.kind === 'missing') throw notFound()
    const figures = view.data.keyFigures
    // A sent calculator form: the server draws its answer (400 for a bad value); see answer.ts.
    const calculator =
      figures && isCalcResult(deps.calc)
        ? calculatorAnswer(
            getLocale(),
            `${routePath('/blog/countries/$country', getLocale(), { country: view.data.slug })}#calculator`,
            deps.calc,
            figures.calculator.pages,
          )
        : null
    return { alternates: view.alternates, country: view.data, calculator, calcResult: isCalcResult(deps.calc) }
  },
  // A calculator's result page is the reader's own: browsers may keep it a minute, shared caches not.
  headers: ({ loaderData }) => ({ 'Cache-Control': loaderData?.calcResult ? CACHE_POLICY.calculatorAnswer : cacheControl(FRESHNESS.country) }),
  head: ({ loaderData, matches }) =>
    loaderData
      ? guideHead(loaderData.country, loaderData.alternates, loaderData.calcResult, { locale: getLocale(), siteUrl: siteUrlOf(matches) })
      : buildHead({ title: m.country_not_found_title(), description: m.not_found_text(), noindex: true }),
  notFoundComponent: () => <NotFound title={m.country_not_found_title()} />,
  component: GuidePage,
})

function GuidePage() {
  const { country: param } = Route.useParams()
  const query = countryGuideQuery(getLocale(), param)
  const { data: view } = useSuspenseQuery(query)
  if (view.kind !== 'found') return <NotFound title={m.country_not_found_title()} />
  return <GuideView country={view.data} queryKey={query.queryKey} />
}

function GuideView({ country, queryKey }: { country: Guide; queryKey: QueryKey }) {
  const answer = Route.useLoaderData({ select: (data) => data.calculator })
  const calcResult = Route.useLoaderData({ select: (data) => data.calcResult })
  const [before, after] = splitAtMarker(useBody(queryKey, country))
  const priceChart = useGuidePart(queryKey, country.keyFigures, 'prices')
  const changesList = useGuidePart(queryKey, country.keyFigures, 'changes')
  const signUp = useGuidePart(queryKey, country.keyFigures, 'signUp')
  const calculatorForm = useGuidePart(queryKey, country.keyFigures, 'calculator', !calcResult)
  return (
    <article className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <Breadcrumbs current={country.localizedName} />
      <header className="mt-6 flex flex-col items-start gap-4 sm:flex-row sm:gap-5">
        <Flag country={country.code} className="!h-12 !w-16 rounded-md" />
        <div className="min-w-0 flex-1">
          <h1 className="page-title">{m.guide_title({ name: country.localizedName })}</h1>
          {country.localizedName !== country.englishName && (
            <p lang="en" className="mt-2 text-ink-2">
              {country.englishName}
            </p>
          )}
          <p className="mt-4 max-w-3xl text-lg text-ink-2 text-pretty">{country.description}</p>
        </div>
      </header>
      <OutdatedNotice outdated={country.outdated} />
      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0">
          {/* Near the top on a phone, where the panel and the calculator come last (issue 38). */}
          {country.keyFigures && <KeyFiguresSummary figures={country.keyFigures} />}
          <Toc headings={guideContents(country)} className="mt-6 mb-10" />
          {country.isFallback && (
            <p role="note" className="mb-8 rounded-lg border border-accent/40 bg-accent/10 p-4 text-sm" data-testid="fallback-notice">
              {m.guide_not_translated()}
            </p>
          )}
          <Prose html={before} lang={country.isFallback ? 'en' : undefined} />
          {country.keyFigures && after !== null && <KeyFiguresCosts figures={country.keyFigures} />}
          {after !== null && <Prose html={after} lang={country.isFallback ? 'en' : undefined} />}
          {country.keyFigures?.prices != null && <PriceTrend html={priceChart} />}
          {country.keyFigures && (
            <Calculator
              key={`${getLocale()}:${country.code}`}
              html={answer?.html ?? calculatorForm}
              pages={country.keyFigures.calculator.pages}
              title={m.calc_title()}
            />
          )}
          {country.keyFigures?.changes != null && <div id={guidePartId('changes')} dangerouslySetInnerHTML={{ __html: changesList }} />}
          {country.keyFigures && <SourceNotes sources={country.keyFigures.sources} />}
          {signUp && (
            <section aria-label={m.nl_nav()} className="mt-12 border-t border-line pt-8">
              <DrawnSignUp id={guidePartId('signUp')} html={signUp} />
            </section>
          )}
        </div>
        <aside>
          {country.keyFigures ? (
            <KeyFiguresPanel figures={country.keyFigures} />
          ) : (
            <p className="text-sm">
              <Link to="/blog/countries/compare" className="btn-secondary" data-testid="compare-link">
                {m.kf_compare_link()}
              </Link>
            </p>
          )}
        </aside>
      </div>
      {country.posts.length > 0 && (
        <section aria-labelledby="country-posts" className="mt-16 border-t border-line pt-10">
          <h2 id="country-posts" className="font-display text-2xl font-semibold">
            {m.guide_posts_title({ name: country.localizedName })}
          </h2>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {country.posts.map((p) => (
              <li key={p.key}>
                <PostCard post={p} />
              </li>
            ))}
          </ul>
          <p className="mt-6">
            <Link to="/blog/countries/$country/posts" params={{ country: country.slug }} className="btn-secondary" data-testid="country-posts-all">
              {m.guide_posts_all({ name: country.localizedName })} <span aria-hidden="true">→</span>
            </Link>
          </p>
        </section>
      )}
    </article>
  )
}

/** The guide's sections and, after them, the dataset's parts: the table of contents lists both. */
function guideContents(country: Guide) {
  const figures = country.keyFigures
  const parts = figures
    ? [
        { id: GUIDE_ANCHORS.panel, text: m.kf_guide_panel_title() },
        ...(figures.prices != null ? [{ id: GUIDE_ANCHORS.prices, text: m.kf_prices_title() }] : []),
        { id: GUIDE_ANCHORS.calculator, text: m.calc_title() },
        ...(figures.sources.length > 0 ? [{ id: GUIDE_ANCHORS.sources, text: m.kf_sources() }] : []),
      ]
    : []
  return [...country.headings, ...parts.map((p) => ({ ...p, depth: 2 as const }))]
}

/** The guide's text before and after the place its Markdown gives the dataset's costs table. */
function splitAtMarker(html: string): [string, string | null] {
  const at = html.indexOf(KEY_FIGURES_MARKER)
  return at === -1 ? [html, null] : [html.slice(0, at), html.slice(at + KEY_FIGURES_MARKER.length)]
}
