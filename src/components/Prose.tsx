/** Long-form HTML rendered from Markdown on the server, already sanitized there. */
export function Prose({ html, className = '', lang }: { html: string; className?: string; lang?: string }) {
  // `data-body`: where hydration reads the body the page's data leaves out (src/page-data/loaders.ts).
  return <div data-body="" lang={lang} className={`prose ${className}`} dangerouslySetInnerHTML={{ __html: html }} />
}
