/**
 * The contact and partner pages' query (issue 39): the state their form led to and, after a
 * refusal, what was written. Kept apart from the form so the routes' definitions, which every page
 * loads, do not carry the form itself.
 */
export type ContactSearch = { state?: string; name?: string; email?: string; topic?: string; message?: string }

/** The page's query as strings, each within its field's bounds; anything else is dropped. */
export function validateContactSearch(search: Record<string, unknown>): ContactSearch {
  const pick = (key: keyof ContactSearch, max: number) => (typeof search[key] === 'string' && search[key].length <= max ? { [key]: search[key] } : {})
  return { ...pick('state', 20), ...pick('name', 400), ...pick('email', 400), ...pick('topic', 40), ...pick('message', 20_000) }
}
