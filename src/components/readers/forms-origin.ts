/**
 * Where the site's forms (newsletter, contact, partner) post. On the server: its own origin. In a
 * static export, which has no server of its own: the API origin it was built with
 * (`FORMS_ORIGIN=https://api.example npm run build:static`, a server whose FORMS_ALLOWED_ORIGINS
 * names the static site), or none, and then the forms are left out and the pages give the
 * e-mail addresses instead (decision 029).
 */
const formsOrigin: string | null = import.meta.env.VITE_STATIC_EXPORT !== '1' ? '' : import.meta.env.VITE_FORMS_ORIGIN || null

export const formsOnline = formsOrigin !== null

/** A form's action: the page's path, on the API origin in a static export. */
export const formAction = (path: string) => `${formsOrigin ?? ''}${path}`
