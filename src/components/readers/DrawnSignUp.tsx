/**
 * A sign-up form drawn by the server (footer-form.server.ts), sent in place once the page runs: the
 * sending is its own chunk, fetched then, so no page's first script carries it (issue 39).
 */
import { useEffect, useRef } from 'react'

export function DrawnSignUp({ id, html, className }: { id: string; html: string; className?: string }) {
  const slot = useRef<HTMLDivElement>(null)
  useEffect(() => {
    let undo = () => {}
    let gone = false
    void import('../../page-data/enhance-form').then(({ enhanceForm }) => {
      if (!gone) undo = enhanceForm(slot.current?.querySelector('form'))
    })
    return () => {
      gone = true
      undo()
    }
  }, [html])
  if (!html) return null
  return <div id={id} ref={slot} className={className} dangerouslySetInnerHTML={{ __html: html }} />
}
