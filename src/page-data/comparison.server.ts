/**
 * The comparison as its page receives it: the data of src/key-figures/comparison.server.ts with
 * its parts drawn by the components (the table's rows, the charts, the map's land, the sources, the
 * calculator's blank form). Drawn once per content store and locale; a sorted or re-shaded URL
 * draws only its table and map, from rows drawn once.
 */
import type { ContentStore } from '../content/load.server'
import { perStore } from '../content/per-store'
import { figureLabel } from '../key-figures/labels'
import {
  calculatorMarkup,
  changesMarkup,
  chartsMarkup,
  landMarkup,
  mapMarkup,
  rowMarkup,
  sourcesMarkup,
  tableMarkup,
} from '../components/key-figures/markup.server'
import { signUpMarkup } from '../components/readers/footer-form.server'
import { inLocale } from '../framework/locale-request.server'
import { routePath } from '../i18n/paths'
import type { Locale } from '../paraglide/runtime'
import { answerCalculator } from '../key-figures/calculator/answer'
import { compactColumns, compareColumns, comparisonModel, mapMetrics, type ComparisonModel } from '../key-figures/comparison.server'
import { printedKeys } from '../key-figures/keys'
import { sortRows, type CompareSearch } from '../key-figures/sort'
import type { ColumnKey, Comparison, EuropeMap, MarkupPart } from '../key-figures/types'
import { m } from '../paraglide/messages'
import type { GuideCountry } from '../content/countries'

type Drawn = { model: ComparisonModel; rows: Map<GuideCountry, string>; map: EuropeMap; labels: Record<ColumnKey, string>; view: Comparison }

const drawnCache = perStore((store, locale: Locale): Drawn => inLocale(locale, () => draw(store, locale)))

function draw(store: ContentStore, locale: Locale): Drawn {
  const model = comparisonModel(store, locale)
  const labels = Object.fromEntries([
    ...printedKeys.map((key) => [key, figureLabel(key, model.examplePrice)]),
    ['priceChange', m.kf_fig_priceChange()],
  ]) as Record<ColumnKey, string>
  const rows = new Map(model.rows.map((row) => [row.code, rowMarkup(row, compareColumns)]))
  const map: EuropeMap = { ...model.map, land: landMarkup(model.map.land) }
  const drawn = { model, rows, map, labels }
  const defaults = tableAndMap(drawn, {})
  const { pages, action } = model.calculator
  const view: Comparison = {
    markup: {
      table: defaults.table,
      map: defaults.map,
      charts: chartsMarkup(model.charts),
      sources: sourcesMarkup(model.sources),
      calculator: calculatorMarkup(answerCalculator(locale, {}, pages), action, locale),
      changes: changesMarkup(model.changes, locale),
      signUp: signUpMarkup(locale, { id: 'nl-compare', title: m.nl_title(), countries: { chosen: [] } }),
    },
    takeaway: model.takeaway,
    countries: model.rows.map((r) => r.name),
    updated: model.updated,
    modified: model.modified,
    examplePrice: model.examplePrice,
    calculatorPages: pages,
  }
  return { ...drawn, view }
}

/** The table sorted and the map shaded as `search` asks, with links to the other orders and shadings. */
function tableAndMap({ model, rows: drawnRows, map, labels }: Omit<Drawn, 'view'>, search: CompareSearch) {
  const base = routePath('/blog/countries/compare', model.locale)
  const href = (next: CompareSearch) => {
    const query = new URLSearchParams(Object.entries(next).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : []))).toString()
    return `${base}${query ? `?${query}` : ''}#${next.map !== search.map ? 'kf-map' : 'kf-table'}`
  }
  const rows = sortRows(model.rows, search.sort, search.dir, model.locale)
  return {
    table: tableMarkup({
      compact: rows,
      compactColumns,
      rows: rows.map((r) => ({ code: r.code, html: drawnRows.get(r.code) ?? '' })),
      columns: compareColumns,
      labels,
      search,
      href,
    }),
    map: mapMarkup({ map, rows, metrics: mapMetrics, labels, search, href }),
  }
}

/** The comparison as its data file gives it, with its parts drawn (the table and map in their default order and shading). */
export function comparisonView(store: ContentStore, locale: Locale): Comparison {
  return drawnCache(store, locale).view
}

/** The same without the drawn parts: what the page's own request carries to the browser. */
export function comparisonData(store: ContentStore, locale: Locale): Comparison {
  const rest = { ...drawnCache(store, locale).view }
  delete rest.markup
  return rest
}

/** One drawn part of the default comparison, for the page's server render. */
export function comparisonPart(store: ContentStore, locale: Locale, part: MarkupPart): string {
  return drawnCache(store, locale).view.markup?.[part] ?? ''
}

/** The table sorted and the map shaded as a URL asks (`?sort=&dir=&map=`), drawn for that request. */
export function comparisonFor(store: ContentStore, locale: Locale, search: CompareSearch): { table: string; map: string } {
  const drawn = drawnCache(store, locale)
  return inLocale(locale, () => tableAndMap(drawn, search))
}
