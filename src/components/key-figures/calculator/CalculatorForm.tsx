import { m } from '../../../paraglide/messages'
import type { CalcField, CalcParams } from '../../../key-figures/calculator/params'

type Option = { value: string; label: string }

export type FormProps = {
  /** Where the form sends its GET: the page itself, scrolled to the calculator. */
  action: string
  values: CalcParams
  /** Each field's error, in the page's language. */
  errors: Partial<Record<CalcField, string>>
  countries: Option[] | null
  /** Each country's regions, under its name; `country` is its code (the browser shows only the chosen country's). */
  regions: Array<{ country: string; label: string; options: Option[] }>
  /** On the comparison, the country the form was sent with (null: none yet); undefined on a guide. */
  chosenCountry?: string | null
}

const errorId = (field: CalcField) => `calc-error-${field}`

/** A field's link to its error message, and whether it has one. */
const errorAttributes = (field: CalcField, errors: FormProps['errors']) => ({
  'aria-invalid': errors[field] ? ('true' as const) : undefined,
  'aria-describedby': errorId(field),
})

function FieldError({ field, errors }: { field: CalcField; errors: FormProps['errors'] }) {
  return (
    <p id={errorId(field)} className="calc-error" role={errors[field] ? 'alert' : undefined}>
      {errors[field]}
    </p>
  )
}

function Amount({
  field,
  label,
  values,
  errors,
}: { field: 'price' | 'area' | 'rent' | 'costs'; label: string } & Pick<FormProps, 'values' | 'errors'>) {
  return (
    <div className="calc-field">
      <label htmlFor={`calc-${field}`}>{label}</label>
      <input
        id={`calc-${field}`}
        name={field}
        inputMode="numeric"
        autoComplete="off"
        defaultValue={values[field] ?? ''}
        {...errorAttributes(field, errors)}
      />
      <FieldError field={field} errors={errors} />
    </div>
  )
}

/** The calculator's form: a plain GET form the server answers; drawn on the server (markup.server.tsx). */
export function CalculatorForm({ action, values, errors, countries, regions, chosenCountry }: FormProps) {
  // On the comparison only the chosen country's regions can be picked, and none before a country is
  // (without JavaScript too: the answer to a sent form offers the chosen country's; live.tsx follows each change).
  const regionsShown = chosenCountry === undefined || regions.some((g) => g.country === chosenCountry)
  const hasErrors = Object.keys(errors).length > 0
  return (
    <form method="get" action={action} className="calc-form" noValidate>
      {hasErrors && (
        <p className="calc-error sm:col-span-2" role="alert">
          {m.calc_errors_title()}
        </p>
      )}
      {countries && (
        <div className="calc-field">
          <label htmlFor="calc-country">{m.calc_country()}</label>
          <select id="calc-country" name="country" defaultValue={values.country ?? ''} {...errorAttributes('country', errors)}>
            <option value="" disabled>
              {m.calc_country_choose()}
            </option>
            {countries.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          <FieldError field="country" errors={errors} />
        </div>
      )}
      <Amount field="price" label={m.calc_price()} values={values} errors={errors} />
      <fieldset className="calc-field">
        <legend>{m.calc_kind()}</legend>
        <div className="flex flex-wrap gap-x-4">
          {(['resale', 'new'] as const).map((kind) => (
            <label key={kind} className="calc-check">
              <input type="radio" name="kind" value={kind} defaultChecked={(values.kind ?? 'resale') === kind} />
              {kind === 'resale' ? m.calc_kind_resale() : m.calc_kind_new()}
            </label>
          ))}
        </div>
        <FieldError field="kind" errors={errors} />
      </fieldset>
      {regions.length > 0 && (
        <div className="calc-field" hidden={!regionsShown}>
          <label htmlFor="calc-region">{m.calc_region()}</label>
          <select id="calc-region" name="region" defaultValue={values.region ?? ''} {...errorAttributes('region', errors)}>
            {regions.map((group) =>
              regions.length > 1 ? (
                <optgroup
                  key={group.country}
                  label={group.label}
                  data-country={group.country}
                  disabled={chosenCountry !== undefined && group.country !== chosenCountry}
                  hidden={chosenCountry !== undefined && group.country !== chosenCountry}
                >
                  {group.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </optgroup>
              ) : (
                group.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))
              ),
            )}
          </select>
          <FieldError field="region" errors={errors} />
        </div>
      )}
      <fieldset className="calc-field">
        <legend>{m.calc_buyer()}</legend>
        <label className="calc-check">
          <input type="checkbox" name="resident" value="yes" defaultChecked={values.resident === 'yes'} />
          {m.calc_resident()}
        </label>
        <label className="calc-check">
          <input type="checkbox" name="main" value="yes" defaultChecked={values.main === 'yes'} />
          {m.calc_main_home()}
        </label>
      </fieldset>
      <Amount field="area" label={m.calc_area()} values={values} errors={errors} />
      <Amount field="rent" label={m.calc_rent()} values={values} errors={errors} />
      <Amount field="costs" label={m.calc_costs()} values={values} errors={errors} />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary">
          {m.calc_submit()}
        </button>
        <p className="mt-2 text-sm text-ink-2">{m.calc_price_note()}</p>
      </div>
    </form>
  )
}
