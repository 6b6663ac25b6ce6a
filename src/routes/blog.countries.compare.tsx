import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { Breadcrumbs } from '../components/Breadcrumbs'
import { Calculator } from '../components/key-figures/calculator/Calculator'
import { calculatorAnswer } from '../page-data/calculator'
import { calcParams, isCalcResult } from '../key-figures/calculator/params'
import { CACHE_POLICY, cacheControl, FRESHNESS } from '../config/constants'
import { siteUrlOf } from '../config/site'
import { comparisonMarkup, loadComparisonMarkup } from '../page-data/loaders'
import type { Comparison, MarkupPart } from '../key-figures/types'
import { comparisonQuery } from '../page-data/queries'
import { getLocale } from '../i18n/locale'
import { alternatesForRoute, routePath } from '../i18n/paths'
import { validateCompareSearch } from '../key-figures/sort'
import { m } from '../paraglide/messages'
import { DrawnSignUp } from '../components/readers/DrawnSignUp'
import { comparisonHead } from '../seo/page-heads'

/** The key figures of the 11 guide countries side by side (issue 23, decision 017). */
export const Route = createFileRoute('/blog/countries/compare')({
  validateSearch: (search: Record<string, unknown>) => ({ ...validateCompareSearch(search), ...calcParams(search) }),
  loaderDeps: ({ search }) => ({ calc: calcParams(search), view: validateCompareSearch(search) }),
  loader: async ({ context, deps }) => {
    const locale = getLocale()
    const data = await context.queryClient.ensureQueryData(comparisonQuery(locale))
    // A sent calculator form: the server draws its answer (400 for a bad value); see answer.ts.
    const calculator = isCalcResult(deps.calc)
      ? calculatorAnswer(locale, `${routePath('/blog/countries/compare', locale)}#calculator`, deps.calc, data.calculatorPages)
      : null
    // A sorted or re-shaded URL: the server draws that table and map (plain links, no JavaScript needed).
    const markup = Object.keys(deps.view).length > 0 ? loadComparisonMarkup(locale, deps.view) : null
    return {
      markup,
      calculator,
      calcResult: isCalcResult(deps.calc),
      alternates: alternatesForRoute('/blog/countries/compare'),
      dataset: { countries: data.countries, modified: data.modified },
    }
  },
  headers: ({ loaderData }) => ({ 'Cache-Control': loaderData?.calcResult ? CACHE_POLICY.calculatorAnswer : cacheControl(FRESHNESS.country) }),
  head: ({ loaderData, matches }) => comparisonHead(loaderData, { locale: getLocale(), siteUrl: siteUrlOf(matches) }),
  component: ComparePage,
})

/**
 * After hydration the cached data has no drawn parts (they were read from the page): leaving the
 * page drops it, so coming back by a client-side navigation fetches the data file, which has them.
 */
function useDropPartlessData(data: Comparison) {
  const queryClient = useQueryClient()
  const locale = getLocale()
  useEffect(
    () => () => {
      if (!data.markup) queryClient.removeQueries({ queryKey: comparisonQuery(locale).queryKey, exact: true })
    },
    [data, queryClient, locale],
  )
}

function ComparePage() {
  const locale = getLocale()
  const { data } = useSuspenseQuery(comparisonQuery(locale))
  const { calculator: answer, markup } = Route.useLoaderData()
  // The parts drawn on the server: from the data file after a client-side navigation, else from
  // the server (its render) or from the page itself (hydration); see comparisonMarkup.
  const drawn = (part: MarkupPart) => data.markup?.[part] ?? comparisonMarkup(locale, part)
  useDropPartlessData(data)
  return (
    <article className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <Breadcrumbs current={m.kf_nav()} />
      <header className="mt-6 max-w-3xl">
        <h1 className="page-title">{m.kf_title()}</h1>
        {/* The answer first (issue 38): the takeaway, the map, then the figures readers compare most; how the figures are sourced after them. */}
        {data.takeaway.length > 0 && (
          <div className="mt-4 space-y-1 text-lg text-pretty" data-testid="kf-takeaway">
            {data.takeaway.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        )}
        {data.updated && <p className="mt-2 text-sm text-ink-2">{m.kf_checked({ month: data.updated })}</p>}
      </header>
      {/* Drawn on the server (markup.server.tsx), as are the tables, the charts and the sources: the browser runs none of their code. */}
      <div id="kf-map" className="mt-8">
        <div id="kf-part-map" dangerouslySetInnerHTML={{ __html: markup?.map ?? drawn('map') }} />
      </div>
      <div id="kf-part-table" className="mt-10" dangerouslySetInnerHTML={{ __html: markup?.table ?? drawn('table') }} />
      <p className="mt-6 max-w-3xl text-ink-2 text-pretty">{m.kf_intro()}</p>

      <section aria-labelledby="kf-charts" className="mt-14">
        <h2 id="kf-charts" className="font-display text-2xl font-semibold">
          {m.kf_charts_title()}
        </h2>
        <div id="kf-part-charts" className="mt-6 grid gap-6 lg:grid-cols-3" dangerouslySetInnerHTML={{ __html: drawn('charts') }} />
      </section>

      <Calculator key={locale} html={answer?.html ?? drawn('calculator')} pages={data.calculatorPages} title={m.calc_title()} />

      <div id="kf-part-changes" dangerouslySetInnerHTML={{ __html: drawn('changes') }} />

      <div id="kf-part-sources" dangerouslySetInnerHTML={{ __html: drawn('sources') }} />

      {drawn('signUp') && (
        <section aria-label={m.nl_nav()} className="mt-12 border-t border-line pt-8">
          <DrawnSignUp id="kf-part-signUp" html={drawn('signUp')} />
        </section>
      )}
    </article>
  )
}
