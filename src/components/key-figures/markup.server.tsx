/**
 * The comparison page's static parts drawn with React on the server once per content store and
 * locale, as markup: the table's rows, the three charts, the outline of Europe and the sources.
 * The page puts the markup in place and hydrates around it, so the browser runs no chart, map or
 * figure code (the page's initial JavaScript stays within a post's; decision 017).
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { calculate } from '../../key-figures/calculator/engine'
import { DOWNLOADS } from '../../key-figures/downloads'
import { errorText, errorTexts } from '../../key-figures/calculator/errors'
import { forCountry, parseCalc, regionsOf, type CalcParams } from '../../key-figures/calculator/input'
import { regionLabel } from '../../key-figures/calculator/lines'
import type { CalcPageData } from '../../key-figures/calculator/types'
import { m } from '../../paraglide/messages'
import type { Locale } from '../../paraglide/runtime'
import { CalculatorForm } from './calculator/CalculatorForm'
import { ComparisonTable } from './ComparisonTable'
import { EuropeMapView } from './EuropeMapView'
import { CalculatorResult } from './calculator/CalculatorResult'
import type { BarChart, FigureCell, FigureKey, SourceNote } from '../../key-figures/types'
import { BarChartView } from './BarChartView'
import { FigureValue } from './FigureValue'
import { SourceNotes } from './SourceNotes'

/** A row's header and cells: the country (linking to its guide) and every column's figure. */
export function rowMarkup(row: { name: string; guideHref: string | null }, columns: FigureKey[], cells: Partial<Record<FigureKey, FigureCell>>) {
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

/** Countries without figures: one outline, the same whatever the map is shaded by. */
export function landMarkup(shapes: string[]) {
  return renderToStaticMarkup(
    <>
      {shapes.map((d, i) => (
        <path key={i} d={d} className="kf-land" />
      ))}
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

/**
 * The calculator as the server answers it: the form with the reader's values and each field's
 * error, and the result when the values are good. `invalid` makes the page answer 400.
 */
export function calculatorMarkup(locale: Locale, action: string, params: CalcParams, pages: CalcPageData[]): { html: string; invalid: boolean } {
  const many = pages.length > 1
  // On the comparison no country is chosen for the reader (issue 38: Albania was): until one is,
  // there is no result, and a form sent without one is answered with the country's error.
  const chosen = many ? pages.find((p) => p.code === params.country) : pages[0]
  const page = chosen ?? pages[0]
  const parsed = parseCalc(forCountry(params, page, pages), regionsOf(page.figures))
  const sent = Object.keys(params).length > 0
  const errors = chosen || sent ? errorTexts(parsed.errors, locale) : {}
  if (many && !chosen && sent) errors.country = errorText('choice', locale)
  const regions = pages
    .filter((p) => regionsOf(p.figures).length > 0)
    .map((p) => ({
      country: p.code,
      label: p.name,
      // On the comparison every country's regions share one list: each value must be its own.
      options: regionsOf(p.figures).map((name, i) => {
        const label = regionLabel(p, name)
        return { value: i === 0 && !many ? '' : name, label: i === 0 ? m.calc_region_default({ region: label }, { locale }) : label }
      }),
    }))
  const result = chosen && parsed.input && !errors.country ? calculate(page, parsed.input, locale) : null
  const html = renderToStaticMarkup(
    <>
      <p className="mt-2 max-w-3xl text-ink-2">{m.calc_intro({}, { locale })}</p>
      <CalculatorForm
        action={action}
        // On the comparison, the chosen country's own default region is selected, not the list's first.
        values={many && chosen && parsed.values.region === undefined ? { ...parsed.values, region: regionsOf(page.figures)[0] } : parsed.values}
        errors={errors}
        countries={many ? pages.map((p) => ({ value: p.code, label: p.name })) : null}
        regions={many ? regions : regions.slice(0, 1)}
        chosenCountry={many ? (chosen?.code ?? null) : undefined}
      />
      <div data-calc-result="">{result && <CalculatorResult result={result} locale={locale} sources={page.sources} month={page.month} />}</div>
    </>,
  )
  return { html, invalid: Object.keys(errors).length > 0 }
}

export const tableMarkup = (props: Parameters<typeof ComparisonTable>[0]) => renderToStaticMarkup(<ComparisonTable {...props} />)
export const mapMarkup = (props: Parameters<typeof EuropeMapView>[0]) =>
  renderToStaticMarkup(<EuropeMapView {...props} />, { identifierPrefix: 'kf-map-' })
