/** The static pages whose bodies live in content/pages/. */
export const pageKeys = ['about', 'contact-us', 'partner-with-us', 'privacy'] as const
export type PageKey = (typeof pageKeys)[number]

export const isPageKey = (value: string): value is PageKey => pageKeys.some((key) => key === value)
