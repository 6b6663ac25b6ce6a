/** Long-form HTML rendered from Markdown on the server, already sanitized there. */
export function Prose({ html, className = '', lang }: { html: string; className?: string; lang?: string }) {
  return <div lang={lang} className={`prose ${className}`} dangerouslySetInnerHTML={{ __html: html }} />
}
