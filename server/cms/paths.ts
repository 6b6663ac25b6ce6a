// The editorial interface's addresses: its pages, Keystatic's UI and Keystatic's API (fixed by Keystatic).
const ADMIN_PATH = /^\/(admin|keystatic)(\/|$)|^\/api\/keystatic(\/|$)/

export const isAdminPath = (pathname: string) => ADMIN_PATH.test(pathname)
