/** The dataset's stable download URLs (issue 23). */
export const DOWNLOADS = { csv: '/data/key-figures.csv', json: '/data/key-figures.json' } as const

/** Where a language's Atom feed of the dataset's changes is (issue 37): `/{lang}/changes.xml`. */
export const changesFeedPath = (locale: string) => `/${locale}/changes.xml`
