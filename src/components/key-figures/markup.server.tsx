/**
 * The key figures' parts drawn with React on the server, as markup, from the data the key-figures
 * modules give: the comparison's rows, charts, map and sources, and the calculator's form and
 * answer. src/page-data keeps what these draw per content store and locale; the page puts the
 * markup in place and hydrates around it, so the browser runs no chart, map or figure code (the
 * page's initial JavaScript stays within a post's; decision 017). Drawing only: nothing here
 * computes a figure.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import type { CalcAnswer } from '../../key-figures/calculator/answer'
import { DOWNLOADS } from '../../key-figures/downloads'
import { m } from '../../paraglide/messages'
import type { Locale } from '../../paraglide/runtime'
import { CalculatorForm } from './calculator/CalculatorForm'
import { ComparisonTable } from './ComparisonTable'
import { EuropeMapView } from './EuropeMapView'
import { CalculatorResult } from './calculator/CalculatorResult'
import type { BarChart, CompareRow, FigureChange, FigureKey, SourceNote } from '../../key-figures/types'
import { BarChartView } from './BarChartView'
import { FigureValue } from './FigureValue'
import { RecentChanges } from './RecentChanges'
import { SourceNotes } from './SourceNotes'

/** A row's header and cells: the country (linking to its guide) and every column's figure. */
export function rowMarkup(row: Pick<CompareRow, 'name' | 'guideHref' | 'cells'>, columns: FigureKey[]) {
  const { cells } = row
  return renderToStaticMarkup(
    <>
      <th scope="row" className="kf-sticky">
        {row.guideHref ? (
          <a href={row.guideHref} className="font-semibold underline underline-offset-4">
            {row.name}
          </a>
        ) : (
          row.name
        )}
      </th>
      {columns.map((key) => {
        const cell = cells[key]
        return <td key={key}>{cell && <FigureValue cell={cell} compact />}</td>
      })}
    </>,
  )
}

export function chartsMarkup(charts: Array<{ chart: BarChart; title: string; description: string }>) {
  return renderToStaticMarkup(
    <>
      {charts.map((c) => (
        <BarChartView key={c.title} {...c} />
      ))}
    </>,
    // Its own id prefix: the page's React ids are minted separately and must not collide.
    { identifierPrefix: 'kf-chart-' },
  )
}

/** Countries without figures: one shape and their borders, the same whatever the map is shaded by. */
export function landMarkup(land: { fill: string; borders: string }) {
  return renderToStaticMarkup(
    <>
      <path d={land.fill} className="kf-land" />
      <path d={land.borders} className="kf-border" />
    </>,
  )
}

/** The comparison's downloads and its numbered sources. */
export const sourcesMarkup = (sources: SourceNote[]) =>
  renderToStaticMarkup(
    <>
      <section aria-labelledby="kf-download" className="mt-14 max-w-3xl">
        <h2 id="kf-download" className="font-display text-2xl font-semibold">
          {m.kf_download_title()}
        </h2>
        <p className="mt-2 text-ink-2">{m.kf_download_text()}</p>
        <p className="mt-4 flex flex-wrap gap-3">
          <a href={DOWNLOADS.csv} className="btn-secondary" data-testid="download-csv" download>
            {m.kf_download_csv()}
          </a>
          <a href={DOWNLOADS.json} className="btn-secondary" data-testid="download-json" download>
            {m.kf_download_json()}
          </a>
        </p>
      </section>
      <SourceNotes sources={sources} />
    </>,
  )

/** The calculator as the server answers it: the form with the reader's values and each field's error, and the result when there is one. */
export function calculatorMarkup(answer: CalcAnswer, action: string, locale: Locale): string {
  const { result, values, errors, countries, regions, chosenCountry } = answer
  return renderToStaticMarkup(
    <>
      <p className="mt-2 max-w-3xl text-ink-2">{m.calc_intro({}, { locale })}</p>
      <CalculatorForm action={action} values={values} errors={errors} countries={countries} regions={regions} chosenCountry={chosenCountry} />
      <div data-calc-result="">
        {result && <CalculatorResult result={result.result} locale={locale} sources={result.page.sources} month={result.page.month} />}
      </div>
    </>,
  )
}

export const tableMarkup = (props: Parameters<typeof ComparisonTable>[0]) => renderToStaticMarkup(<ComparisonTable {...props} />)
export const mapMarkup = (props: Parameters<typeof EuropeMapView>[0]) =>
  renderToStaticMarkup(<EuropeMapView {...props} />, { identifierPrefix: 'kf-map-' })

/** The latest changes of the figures on a page, with the language's Atom feed: '' when there are none. */
export const changesMarkup = (changes: FigureChange[], locale: Locale) =>
  changes.length ? renderToStaticMarkup(<RecentChanges changes={changes} locale={locale} />) : ''
