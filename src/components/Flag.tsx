/** A country's flag as an SVG image (emoji flags do not render on Windows). */
// Only the flags of our 18 languages and 11 guide countries enter the bundle.
// Keys relative to `base` ("./gb.svg") keep the map short in the bundle.
const flagUrls = import.meta.glob<string>('./{gb,de,pl,es,fr,it,pt,nl,se,no,fi,cz,hu,ro,bg,gr,al,ua,hr,cy,us}.svg', {
  base: '../../node_modules/flag-icons/flags/4x3/',
  query: '?url&no-inline',
  import: 'default',
  eager: true,
})

function flagUrl(country: string) {
  return flagUrls[`./${country.toLowerCase()}.svg`]
}

export function Flag({ country, className = '', label }: { country: string; className?: string; label?: string }) {
  const src = flagUrl(country)
  if (!src) return null
  // Decoration beside a name: it never competes with the stylesheet, the font or the first paint
  // (an image in view is otherwise raised to high priority).
  return (
    <img src={src} alt={label ?? ''} width={20} height={15} loading="lazy" fetchPriority="low" className={className ? `flag ${className}` : 'flag'} />
  )
}
