/** The footer form's sending in place, loaded after the page runs (not part of any page's first script). */
/**
 * Sends a drawn form with fetch and writes the server's answer (already in the page's language)
 * into its status line; without JavaScript the form posts and the server answers with a page.
 */
export function enhanceForm(form: HTMLFormElement | null | undefined): () => void {
  if (!form) return () => undefined
  const send = async (event: SubmitEvent) => {
    event.preventDefault()
    const status = form.querySelector('[role="status"]')
    const button = form.querySelector('button[type="submit"]')
    button?.setAttribute('disabled', '')
    try {
      // The attribute, not `form.action`: a field named "action" (the form's step) shadows that property.
      const response = await fetch(form.getAttribute('action') ?? '', {
        method: 'POST',
        body: new FormData(form),
        headers: { accept: 'application/json' },
      })
      const answer = (await response.json()) as { message?: string }
      if (status) status.textContent = answer.message ?? ''
      if (response.ok) form.reset()
    } catch {
      // Offline or refused: the form is sent the plain way, and the server answers with a page.
      form.submit()
    } finally {
      button?.removeAttribute('disabled')
    }
  }
  const listener = (event: Event) => void send(event as SubmitEvent)
  form.addEventListener('submit', listener)
  return () => form.removeEventListener('submit', listener)
}
