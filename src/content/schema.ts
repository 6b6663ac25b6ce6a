/** Schemas of the content files' front matter (docs/authoring.md explains the fields). */
import { z } from 'zod'

export const slugPattern = /^[a-z0-9\-_.~]+$/
const slugSchema = z.string().min(1).max(120).regex(slugPattern, 'a slug may only contain a-z, 0-9 and - _ . ~')

const isoDate = z.union([z.date(), z.string()]).transform((value, ctx) => {
  const date = value instanceof Date ? value : new Date(`${value}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'must be a date written YYYY-MM-DD' })
    return z.NEVER
  }
  return date.toISOString().slice(0, 10)
})

/**
 * When a post goes live: a date (`2026-12-01`, which means 00:00 UTC) or a date and time with its
 * offset (`2026-12-01T09:00:00+01:00`), kept as the date or as the instant in UTC
 * (`2026-12-01T08:00:00Z`). Either form sorts as written.
 */
const publishTime = z.union([z.date(), z.string()]).transform((value, ctx) => {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const instant = /(Z|[+-]\d{2}:\d{2})$/.test(value) ? new Date(value) : new Date(Number.NaN)
    if (Number.isNaN(instant.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'a time must be written with its offset, such as 2026-12-01T09:00:00+01:00' })
      return z.NEVER
    }
    return instant.toISOString().replace('.000Z', 'Z')
  }
  const date = value instanceof Date ? value : new Date(`${value}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'must be a date written YYYY-MM-DD, or a date and time with its offset' })
    return z.NEVER
  }
  return date.toISOString().slice(0, 10)
})

/** The instant a `publishedAt` value stands for, in milliseconds. */
export const publishInstant = (publishedAt: string) => Date.parse(publishedAt.length === 10 ? `${publishedAt}T00:00:00Z` : publishedAt)

/** Differences from the English source that a person has checked and accepted (src/content/consistency.ts). */
const confirmedDifferences = z.array(z.string().trim().min(1)).optional()

export const postFrontMatter = z.strictObject({
  title: z.string().trim().min(1).max(200),
  slug: slugSchema,
  meta: z.string().trim().min(1).max(160, 'a meta description may have at most 160 characters'),
  summary: z.string().trim().min(1).max(400),
  metaKeywords: z.array(z.string().trim().min(1)).min(1).max(12),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code in capitals, such as ES')
    .optional(),
  publishedAt: publishTime,
  updatedAt: isoDate.optional(),
  /** Kept out of every list, feed, sitemap and set of alternates; its URL answers 404 but to a preview. */
  draft: z.boolean().optional(),
  /** Slugs this translation had before: each answers 301 to the current one. */
  previousSlugs: z.array(slugSchema).max(20).optional(),
  author: z.string().trim().min(1).max(100),
  cover: z.string().trim().min(1).optional(),
  coverAlt: z.string().trim().min(1).optional(),
  confirmedDifferences,
})
export type PostFrontMatter = z.output<typeof postFrontMatter>

export const guideFrontMatter = z.strictObject({
  description: z.string().trim().min(1).max(160, 'a description may have at most 160 characters'),
  updatedAt: isoDate,
  confirmedDifferences,
})
export type GuideFrontMatter = z.output<typeof guideFrontMatter>

export const pageFrontMatter = z.strictObject({
  updatedAt: isoDate,
})

export { pageKeys, type PageKey } from './static-pages'
