/** The header's search field, which the results panel (loaded later) finds by its id. */
export const SEARCH_FIELD_ID = 'site-search'
