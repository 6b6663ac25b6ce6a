import { m } from '../paraglide/messages'

/** The not-found page; status 404 and noindex come from the route's head and the router. */
export function NotFound({ title }: { title?: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center" data-testid="not-found">
      <p className="font-display text-7xl font-semibold text-accent" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 font-display text-3xl font-semibold">{title ?? m.not_found_title()}</h1>
      <p className="mt-3 text-lg text-ink-2">{m.not_found_text()}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={() => window.history.back()} className="btn-secondary">
          {m.not_found_back()}
        </button>
        <a href="/" className="btn-primary">
          {m.not_found_start_over()}
        </a>
      </div>
    </section>
  )
}
