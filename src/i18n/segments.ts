/**
 * The one table of localized path segments (product spec, section 2).
 * Every other URL fact — Paraglide urlPatterns, the router rewrite, redirects, alternates,
 * the sitemap — is derived from it. A missing locale or route fails to compile.
 */
import type { Locale } from '../paraglide/runtime'
import type { FileRoutesByTo } from '../routeTree.gen'

export type SegmentKey = 'countries' | 'about' | 'contact' | 'partner' | 'privacy' | 'page' | 'posts' | 'search'

export const segments = {
  countries: {
    en: 'countries', de: 'laender', es: 'paises', pt: 'paises', fr: 'pays', pl: 'kraje',
    it: 'paesi', no: 'land', sv: 'lander', fi: 'maat', nl: 'landen', uk: 'krainy',
    sq: 'vendet', bg: 'strani', cs: 'zeme', el: 'chores', hu: 'orszagok', ro: 'tari',
  },
  about: {
    en: 'about', de: 'ueber-uns', es: 'acerca-de', fr: 'a-propos', pl: 'o-nas', cs: 'o-nas',
    it: 'chi-siamo', no: 'om-oss', sv: 'om-oss', fi: 'meista', nl: 'over-ons', uk: 'pro-nas',
    pt: 'sobre-nos', sq: 'rreth-nesh', bg: 'za-nas', el: 'gia-mas', hu: 'rolunk', ro: 'despre-noi',
  },
  privacy: {
    en: 'privacy', it: 'privacy', nl: 'privacy', de: 'datenschutz', es: 'privacidad',
    fr: 'confidentialite', pl: 'polityka-prywatnosci', no: 'personvern', sv: 'integritetspolicy',
    fi: 'tietosuoja', pt: 'privacidade', uk: 'konfidentsiinist', sq: 'privatesia', bg: 'povertnost',
    cs: 'soukromi', el: 'aporreto', hu: 'adatvedelem', ro: 'confidentialitate',
  },
  contact: {
    en: 'contact-us', de: 'kontakt', pl: 'kontakt', uk: 'kontakt', bg: 'kontakt', cs: 'kontakt',
    es: 'contacto', pt: 'contacto', fr: 'contact', nl: 'contact', ro: 'contact', it: 'contattaci',
    no: 'kontakt-oss', sv: 'kontakta-oss', fi: 'ota-yhteytta', sq: 'kontakto', el: 'epikoinonia',
    hu: 'kapcsolat',
  },
  partner: {
    en: 'partner-with-us', de: 'partner-werden', es: 'colabora-con-nosotros', fr: 'partenariat',
    pl: 'wspolpraca', it: 'collabora-con-noi', no: 'partner-med-oss', sv: 'partner-med-oss',
    fi: 'yhteistyo', nl: 'partner-worden', uk: 'partnerstvo', pt: 'seja-parceiro',
    sq: 'bashkepuno-me-ne', bg: 'partniorstvo', cs: 'partnerstvi', el: 'synergia', hu: 'partnerek',
    ro: 'parteneriat',
  },
  // Not in the spec's table: the archive's pages (issue 15, decision 003). "/de/blog/seite/2" is the
  // index's page 2; "/de/blog/laender/griechenland/beitraege" is the list of posts about Greece.
  page: {
    en: 'page', de: 'seite', pl: 'strona', es: 'pagina', fr: 'page', it: 'pagina', pt: 'pagina',
    nl: 'pagina', sv: 'sida', no: 'side', fi: 'sivu', cs: 'strana', hu: 'oldal', ro: 'pagina',
    bg: 'stranitsa', el: 'selida', sq: 'faqja', uk: 'storinka',
  },
  posts: {
    en: 'posts', de: 'beitraege', pl: 'wpisy', es: 'articulos', fr: 'articles', it: 'articoli',
    pt: 'artigos', nl: 'artikelen', sv: 'artiklar', no: 'artikler', fi: 'artikkelit', cs: 'clanky',
    hu: 'cikkek', ro: 'articole', bg: 'statii', el: 'arthra', sq: 'artikuj', uk: 'statti',
  },
  // Not in the spec's table: the search page (issue 14), "/de/suche?q=steuer".
  search: {
    en: 'search', de: 'suche', pl: 'szukaj', es: 'buscar', fr: 'recherche', it: 'cerca', pt: 'pesquisa',
    nl: 'zoeken', sv: 'sok', no: 'sok', fi: 'haku', cs: 'hledat', hu: 'kereses', ro: 'cautare',
    bg: 'tarsene', el: 'anazitisi', sq: 'kerko', uk: 'poshuk',
  },
} as const satisfies Record<SegmentKey, Record<Locale, string>>

/**
 * Canonical (English, unprefixed) route paths as written in src/routes, and how each is spelled
 * in a locale. `$name` marks a parameter, kept as is by localization.
 */
export const routeTemplates = {
  '/blog': () => '/blog',
  '/blog/$slug': () => '/blog/$slug',
  '/blog/page/$page': (l: Locale) => `/blog/${segments.page[l]}/$page`,
  '/blog/countries/$country': (l: Locale) => `/blog/${segments.countries[l]}/$country`,
  '/blog/countries/$country/posts': (l: Locale) => `/blog/${segments.countries[l]}/$country/${segments.posts[l]}`,
  '/blog/countries/$country/posts/page/$page': (l: Locale) =>
    `/blog/${segments.countries[l]}/$country/${segments.posts[l]}/${segments.page[l]}/$page`,
  '/about': (l: Locale) => `/${segments.about[l]}`,
  '/contact-us': (l: Locale) => `/${segments.contact[l]}`,
  '/partner-with-us': (l: Locale) => `/${segments.partner[l]}`,
  '/privacy': (l: Locale) => `/${segments.privacy[l]}`,
  '/search': (l: Locale) => `/${segments.search[l]}`,
} as const satisfies Record<PageRoute, (l: Locale) => string>

/** Every page route of src/routes: a route added there without a spelling here fails to compile. */
type PageRoute = Exclude<keyof FileRoutesByTo, `/api/${string}` | `/og/${string}` | `/sitemaps/${string}` | `${string}.xml` | `${string}.txt`>

export type CanonicalRoute = keyof typeof routeTemplates
export const canonicalRoutes = Object.keys(routeTemplates) as CanonicalRoute[]

