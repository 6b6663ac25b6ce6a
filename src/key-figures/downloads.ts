/** The dataset's stable download URLs (issue 23). */
export const DOWNLOADS = { csv: '/data/key-figures.csv', json: '/data/key-figures.json' } as const
