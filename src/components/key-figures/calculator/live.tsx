/**
 * The calculator in the browser, loaded on the reader's first touch of the form (Calculator.tsx):
 * it recalculates as they type, with no request, shows each field's error beside it, and keeps
 * the URL in step (replaceState: the page's own route and data do not change).
 */
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { calculate } from '../../../key-figures/calculator/engine'
import { errorTexts } from '../../../key-figures/calculator/errors'
import { forCountry, parseCalc, regionsOf } from '../../../key-figures/calculator/input'
import { calcFields, type CalcParams } from '../../../key-figures/calculator/params'
import type { CalcPageData } from '../../../key-figures/calculator/types'
import type { Locale } from '../../../paraglide/runtime'
import { CalculatorResult } from './CalculatorResult'

const URL_DELAY_MS = 300

export function attach(section: HTMLElement, pages: CalcPageData[], locale: Locale) {
  const form = section.querySelector('form')
  const out = section.querySelector<HTMLElement>('[data-calc-result]')
  if (!form || !out) return
  const root = createRoot(out)
  let pending: ReturnType<typeof setTimeout> | undefined
  // The chosen country's data (the comparison has all of them; a guide, its own).
  // On the comparison nothing is chosen for the reader: undefined until they pick a country.
  const pageOf = (code: string | undefined) => (pages.length === 1 ? pages[0] : pages.find((p) => p.code === code))
  const country = form.querySelector<HTMLSelectElement>('select[name="country"]')
  const region = form.querySelector<HTMLSelectElement>('select[name="region"]')
  // On the comparison one list holds every country's regions (the form must work without
  // JavaScript): here it offers only the chosen country's, on its default, and none where it has none.
  const showRegionsOf = () => {
    if (!country || !region) return
    const page = pageOf(country.value)
    const own = page ? regionsOf(page.figures) : []
    for (const group of region.querySelectorAll('optgroup')) {
      const mine = group.dataset.country === page?.code
      group.hidden = !mine
      group.disabled = !mine
    }
    if (!own.includes(region.value)) region.value = own[0] ?? ''
    region.disabled = own.length === 0
    const field = region.closest<HTMLElement>('.calc-field')
    if (field) field.hidden = own.length === 0
  }
  const update = () => {
    const params: CalcParams = {}
    for (const [key, value] of new FormData(form))
      if (typeof value === 'string' && (calcFields as readonly string[]).includes(key)) params[key as keyof CalcParams] = value
    const page = pageOf(params.country)
    const parsed = page ? parseCalc(forCountry(params, page, pages), regionsOf(page.figures)) : null
    // Before a country is chosen on the comparison: no result, and no error to shout yet.
    const errors = parsed ? errorTexts(parsed.errors, locale) : {}
    for (const field of calcFields) {
      const message = section.querySelector(`#calc-error-${field}`)
      if (message) message.textContent = errors[field] ?? ''
      form.querySelector(`[name="${field}"]`)?.toggleAttribute('aria-invalid', Boolean(errors[field]))
    }
    section.querySelector('form > .calc-error[role="alert"]')?.remove()
    // Painted in this frame: the reader sees the new total as the key goes down.
    flushSync(() =>
      root.render(
        page && parsed?.input ? (
          <CalculatorResult result={calculate(page, parsed.input, locale)} locale={locale} sources={page.sources} month={page.month} />
        ) : null,
      ),
    )
    // The URL follows once the reader pauses: replacing it on every key costs a frame (measured).
    clearTimeout(pending)
    pending = setTimeout(() => {
      const url = new URL(window.location.href)
      for (const field of calcFields) url.searchParams.delete(field)
      for (const [key, value] of Object.entries(params)) if (value !== '') url.searchParams.set(key, value)
      window.history.replaceState(window.history.state, '', url)
    }, URL_DELAY_MS)
  }
  country?.addEventListener('change', showRegionsOf)
  form.addEventListener('input', update)
  form.addEventListener('change', update)
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    update()
  })
  showRegionsOf()
  update()
}
