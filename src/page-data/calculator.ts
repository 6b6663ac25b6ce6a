/**
 * The calculator's answer to a sent form, on the server only: the markup with the reader's values,
 * errors and result, and a 400 status when a value is bad. In the browser the page keeps its blank
 * form and the live calculator takes over (Calculator.tsx).
 */
import { createIsomorphicFn } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'
import { calculatorMarkup } from '../components/key-figures/markup.server'
import { answerCalculator } from '../key-figures/calculator/answer'
import type { CalcParams } from '../key-figures/calculator/params'
import type { CalcPageData } from '../key-figures/calculator/types'
import type { Locale } from '../paraglide/runtime'

export const calculatorAnswer = createIsomorphicFn()
  .server((locale: Locale, action: string, params: CalcParams, pages: CalcPageData[]): { html: string } | null => {
    const answer = answerCalculator(locale, params, pages)
    if (answer.invalid) setResponseStatus(400)
    return { html: calculatorMarkup(answer, action, locale) }
  })
  .client((): { html: string } | null => null)
