/** The layers both dependency-cruiser configurations name (.dependency-cruiser.cjs explains them). */
module.exports = {
  /** Reads, validates and computes; draws nothing. */
  DATA: '^src/(content|key-figures|search|seo|i18n|config)/',
  /** What data never imports: the interface, the routes, the composing layer, and any .tsx. */
  ABOVE_DATA: '^src/(components|routes|page-data)/|\\.tsx$',
  /** Code that runs in the browser too. */
  UI: '^src/(components|routes)/',
  /** Routes that answer on the server only (API, data downloads, share images, sitemaps, robots, feeds of posts and of changes). */
  SERVER_ROUTES: '^src/routes/(api/|data/|og\\.|sitemap|sitemaps\\.|robots|rss|changes)',
}
