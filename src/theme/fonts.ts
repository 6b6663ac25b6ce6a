/**
 * The display font (Source Serif 4, weight 600) joins the page after its first paint (decision 021).
 *
 * Headings first paint in the reader's own serif. Once the browser has painted, the loader asks for
 * the font faces the page's title needs (`document.fonts.load` picks the unicode-range subsets: Latin,
 * Greek, Cyrillic…) and, when they have arrived, sets `data-fonts` on <html>, which turns the font on
 * (styles.css). Within a reading session (the tab's sessionStorage) the font is remembered, and the
 * head script turns it on before the first paint: it then comes from the cache within
 * `font-display: optional`'s short wait, so the next pages show no change of font at all. Not
 * localStorage: that outlives the HTTP cache, and a font turned on before the first paint but not
 * in the cache makes the heading wait for the network again.
 */
const FONTS_KEY = 'ea_fonts'

/** For <head>, before the first paint. Constant: the Content-Security-Policy allows it by its hash. */
export const fontsFlagScript = `try{if(sessionStorage.getItem('${FONTS_KEY}'))document.documentElement.dataset.fonts=''}catch(e){}`

/** For the after-paint loader (an expression statement in ES5, as the loader is). */
export const fontsLoadScript =
  'var h=d.documentElement,f=d.fonts;' +
  `if(f&&h.dataset.fonts===undefined)f.load('600 1em "Source Serif 4"',d.title).then(function(l){if(l.length){h.dataset.fonts='';try{sessionStorage.setItem('${FONTS_KEY}','1')}catch(e){}}},function(){});`
