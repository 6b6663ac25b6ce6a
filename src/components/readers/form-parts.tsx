/** Pieces the readers' React forms share (the footer's form is drawn as markup: footer-form.server.ts). */

/** The robots' field: left empty by people, who do not see it; filled by robots that fill every field. */
export function RobotTrap() {
  return (
    <div className="nl-trap" aria-hidden="true">
      <label>
        Website
        <input name="website" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  )
}

/** An e-mail address field, filled in again after a refusal. */
export function EmailField({ id, label, value }: { id: string; label: string; value?: string }) {
  return (
    <div className="calc-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name="email" type="email" autoComplete="email" required maxLength={254} className="nl-input" defaultValue={value} />
    </div>
  )
}
