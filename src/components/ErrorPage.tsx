import { useState } from 'react'
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { m } from '../paraglide/messages'

export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const [shown, setShown] = useState(false)
  const message = error instanceof Error ? error.message : String(error)
  return (
    <section role="alert" className="mx-auto max-w-2xl px-4 py-20 text-center" data-testid="error-page">
      <h1 className="font-display text-3xl font-semibold">{m.error_title()}</h1>
      <div className="mt-6">
        <button type="button" className="btn-link" aria-expanded={shown} onClick={() => setShown((s) => !s)}>
          {shown ? m.error_hide() : m.error_show()}
        </button>
        {shown && (
          <pre className="mx-auto mt-3 max-w-full overflow-x-auto whitespace-pre-wrap rounded-md border border-line bg-surface-2 p-3 text-start text-sm">
            {message}
          </pre>
        )}
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          className="btn-primary"
          onClick={() => {
            reset()
            void router.invalidate()
          }}
        >
          {m.error_try_again()}
        </button>
        <Link to="/blog" className="btn-secondary">
          {m.error_home()}
        </Link>
        <button type="button" className="btn-secondary" onClick={() => window.history.back()}>
          {m.error_go_back()}
        </button>
      </div>
    </section>
  )
}
