/**
 * A guide as its page receives it: the content's text with the dataset's figures for the country,
 * the calculator's blank form and the price chart drawn by the components. Built once per content
 * store and locale (a reload or a publication builds it again), in the guide's locale whichever
 * request builds it first (a data file is read in the reader's).
 */
import type { GuideCountry } from '../content/countries'
import type { ContentStore } from '../content/load.server'
import { perStore } from '../content/per-store'
import type { Guide, View } from '../content/types'
import { guideView } from '../content/views.server'
import { calculatorMarkup, changesMarkup } from '../components/key-figures/markup.server'
import { signUpMarkup } from '../components/readers/footer-form.server'
import { countryName } from '../content/countries'
import { m } from '../paraglide/messages'
import { priceTrendMarkup } from '../components/key-figures/prices.server'
import { inLocale } from '../framework/locale-request.server'
import { answerCalculator } from '../key-figures/calculator/answer'
import { guideFigureData } from '../key-figures/guide-figures'
import type { GuideFigures } from '../key-figures/types'
import type { Locale } from '../paraglide/runtime'

const drawnFigures = perStore((store, key: `${Locale} ${GuideCountry}`): { figures: GuideFigures | null } => {
  const [locale, code] = key.split(' ') as [Locale, GuideCountry]
  return inLocale(locale, () => {
    const data = guideFigureData(store, locale, code)
    if (!data) return { figures: null }
    const { pages, action } = data.calculator
    const figures: GuideFigures = {
      costs: data.costs,
      panel: data.panel,
      sources: data.sources,
      calculator: { html: calculatorMarkup(answerCalculator(locale, {}, pages), action, locale), pages },
      capital: data.capital,
      city: data.city,
      examplePrice: data.examplePrice,
      prices: priceTrendMarkup(data.prices, locale),
      changes: data.changes.length ? changesMarkup(data.changes, locale) : null,
      signUp: signUpMarkup(locale, {
        id: 'nl-guide',
        title: m.nl_follow_country({ name: countryName(code, locale) }, { locale }),
        countries: { chosen: [code] },
      }),
    }
    return { figures }
  })
})

/** A guide's key figures with their drawn parts, or null when the dataset has no file for the country. */
export function guideFigures(store: ContentStore, locale: Locale, code: GuideCountry): GuideFigures | null {
  return drawnFigures(store, `${locale} ${code}`).figures
}

/** The guide at `param` in `locale` with its key figures, as the page and its data file give it. */
export function guidePageView(store: ContentStore, locale: Locale, param: string): View<Guide> {
  const view = guideView(store, locale, param)
  if (view.kind !== 'found') return view
  return { ...view, data: { ...view.data, keyFigures: guideFigures(store, locale, view.data.code) } }
}
