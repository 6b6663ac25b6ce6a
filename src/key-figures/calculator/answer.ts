/**
 * The calculator's answer to a sent form, as data: the form's values, each field's error, the
 * country and region choices, and the result when the values are good. Pure, in the locale it is
 * given; components/key-figures/markup.server.tsx draws it, src/page-data/calculator.ts serves it.
 */
import type { Locale } from '../../paraglide/runtime'
import { m } from '../../paraglide/messages'
import { calculate } from './engine'
import { errorText, errorTexts } from './errors'
import { forCountry, parseCalc, regionsOf } from './input'
import { isCalcResult, type CalcField, type CalcParams } from './params'
import { regionLabel } from './lines'
import type { CalcPageData, CalcResult } from './types'

type CalcOption = { value: string; label: string }

export type CalcAnswer = {
  values: CalcParams
  errors: Partial<Record<CalcField, string>>
  /** On the comparison, every country; null on a guide. */
  countries: CalcOption[] | null
  /** Each country's regions (on a guide, its own only). */
  regions: Array<{ country: string; label: string; options: CalcOption[] }>
  /** On the comparison, the country the form was sent with (null: none yet); undefined on a guide. */
  chosenCountry?: string | null
  /** The result and the country's page it was worked out for; null until the values are good. */
  result: { result: CalcResult; page: CalcPageData } | null
  /** A sent value is bad: the page answers 400. */
  invalid: boolean
}

/** The answer to `params` on a page with these countries (one on a guide, all on the comparison). */
export function answerCalculator(locale: Locale, params: CalcParams, pages: CalcPageData[]): CalcAnswer {
  const many = pages.length > 1
  // On the comparison no country is chosen for the reader (issue 38: Albania was): until one is,
  // there is no result, and a form sent without one is answered with the country's error.
  const chosen = many ? pages.find((p) => p.code === params.country) : pages[0]
  const page = chosen ?? pages[0]
  const parsed = parseCalc(forCountry(params, page, pages), regionsOf(page.figures))
  const sent = isCalcResult(params)
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
  return {
    // On the comparison, the chosen country's own default region is selected, not the list's first.
    values: many && chosen && parsed.values.region === undefined ? { ...parsed.values, region: regionsOf(page.figures)[0] } : parsed.values,
    errors,
    countries: many ? pages.map((p) => ({ value: p.code, label: p.name })) : null,
    regions: many ? regions : regions.slice(0, 1),
    ...(many ? { chosenCountry: chosen?.code ?? null } : {}),
    result: result ? { result, page } : null,
    invalid: Object.keys(errors).length > 0,
  }
}
