/**
 * The editorial interface's content model (issue 26, decision 019): one Keystatic collection per
 * kind and language, on the repository's own layout (`posts/<key>/<lang>.md`). Read by the admin's
 * browser build and by the server's API wrapper (server/cms), which alone writes files: only the
 * fields named here are ever written back (server/cms/write-back.ts).
 */
import { collection, config, fields } from '@keystatic/core'
import { locales, type Locale } from '../paraglide/runtime.js'

const body = fields.mdx({
  label: 'Text',
  extension: 'md',
  description: 'Headings, lists, tables and links. Write a link as [text](https://…), not <https://…>.',
  // Images would be files beside the document, which the server does not accept from the editor.
  options: { image: false },
})

/**
 * A date or a time kept as text. Keystatic reads front matter with js-yaml, which turns
 * `2026-12-01` into a Date; text fields refuse a Date, so it is written back as text here (a time
 * in UTC: the server compares instants and keeps the file's own spelling when the instant is the same).
 */
function dateText(options: Parameters<typeof fields.text>[0]) {
  const field = fields.text(options)
  const asText = (value: unknown) =>
    value instanceof Date
      ? value
          .toISOString()
          .replace(/T00:00:00\.000Z$/, '')
          .replace(/\.000Z$/, 'Z')
      : value
  const parse: typeof field.parse = (value, extra) => field.parse(asText(value) as typeof value, extra)
  return { ...field, parse }
}

// Every key a file holds must be in the schema, or Keystatic will not open it; the server sets this one on each save.
const updatedAt = dateText({ label: 'Updated at', description: 'Set to the day of each save.' })

const keywords = (label: string) => fields.array(fields.text({ label: 'Keyword' }), { label, itemLabel: (item) => item.value })
const lines = (label: string, description: string) => fields.array(fields.text({ label }), { label, description, itemLabel: (item) => item.value })

const confirmedDifferences = lines('Confirmed difference', 'Differences from the English source that a person has checked.')

/** Where a kind's documents of one language live, and how Keystatic lays out their form. */
const place = (label: string, folder: string, locale: Locale) => ({
  label: `${label} · ${locale}`,
  path: `${folder}/*/${locale}` as `${string}/*/${string}`,
  format: { contentField: 'body' } as const,
  entryLayout: 'content' as const,
})

function post(locale: Locale) {
  return collection({
    ...place('Posts', 'posts', locale),
    slugField: 'title',
    columns: ['publishedAt'],
    schema: {
      title: fields.slug({
        name: { label: 'Title', validation: { isRequired: true, length: { max: 200 } } },
        slug: {
          label: 'Post key (its folder, the same in every language)',
          description: 'Set when the English post is created; translations keep it.',
        },
      }),
      slug: fields.text({
        label: 'URL slug',
        description: 'a-z, 0-9 and - _ . ~ only; changing it keeps the old address working only if you add it to previous slugs.',
        validation: { isRequired: true, length: { max: 120 } },
      }),
      meta: fields.text({ label: 'Meta description', multiline: true, validation: { isRequired: true, length: { max: 160 } } }),
      summary: fields.text({ label: 'Summary', multiline: true, validation: { isRequired: true, length: { max: 400 } } }),
      metaKeywords: keywords('Keywords'),
      country: fields.text({ label: 'Country', description: 'ISO code in capitals, such as ES; empty for none.' }),
      publishedAt: dateText({
        label: 'Published at',
        description: 'A date (2026-12-01) or a date and time with its zone (2026-12-01T09:00:00+01:00). A time to come schedules the post.',
        validation: { isRequired: true },
      }),
      updatedAt,
      draft: fields.checkbox({ label: 'Draft', description: 'A draft is seen only in a preview.' }),
      author: fields.text({ label: 'Author', validation: { isRequired: true } }),
      cover: fields.text({ label: 'Cover image' }),
      coverAlt: fields.text({ label: 'Cover image text' }),
      previousSlugs: lines('Previous slug', 'Slugs this post had before; each answers with a redirect.'),
      confirmedDifferences,
      body,
    },
  })
}

function guide(locale: Locale) {
  return collection({
    ...place('Guides', 'countries', locale),
    slugField: 'description',
    schema: {
      description: fields.slug({
        name: { label: 'Description', validation: { isRequired: true, length: { max: 160 } } },
        slug: { label: 'Country (its folder: a two-letter code in lower case)' },
      }),
      updatedAt,
      confirmedDifferences,
      body,
    },
  })
}

function page(locale: Locale) {
  return collection({
    ...place('Pages', 'pages', locale),
    // Pages have no title in their file (it is an interface text); the folder names the page.
    slugField: 'page',
    schema: {
      page: fields.slug({ name: { label: 'Page (not saved in the file)' }, slug: { label: 'Page (its folder)' } }),
      updatedAt,
      body,
    },
  })
}

const collectionName = (kind: 'posts' | 'guides' | 'pages', locale: Locale) => `${kind}_${locale.replace('-', '_')}`

export default config({
  storage: { kind: 'local' },
  ui: {
    brand: { name: 'Estate Atlas' },
    navigation: {
      Posts: locales.map((l) => collectionName('posts', l)),
      Guides: locales.map((l) => collectionName('guides', l)),
      Pages: locales.map((l) => collectionName('pages', l)),
    },
  },
  collections: Object.fromEntries(
    locales.flatMap((l) => [
      [collectionName('posts', l), post(l)],
      [collectionName('guides', l), guide(l)],
      [collectionName('pages', l), page(l)],
    ]),
  ),
})
