/**
 * The calculator's answer to a sent form, on the server only: the markup with the reader's values,
 * errors and result, and a 400 status when a value is bad. In the browser the page keeps its blank
 * form and the live calculator takes over (Calculator.tsx).
 */
import { createIsomorphicFn } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import { calculatorMarkup } from '../../components/key-figures/markup.server'
import type { Locale } from '../../paraglide/runtime'
import type { CalcParams } from './input'
import type { CalcPageData } from './types'

export const calculatorAnswer = createIsomorphicFn()
  .server((locale: Locale, action: string, params: CalcParams, pages: CalcPageData[]): { html: string } | null => {
    const answer = calculatorMarkup(locale, action, params, pages)
    if (answer.invalid) setResponseStatus(400)
    return { html: answer.html }
  })
  .client((): { html: string } | null => null)

/** A URL with any of the calculator's fields is a result page: not indexed, not kept in shared caches. */
export const isCalcResult = (params: CalcParams) => Object.keys(params).length > 0
