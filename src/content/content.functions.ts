/**
 * Server functions for the content. The locale travels in every input: a server-function URL has
 * no locale prefix, so the cookie could name another language (docs/decisions/004).
 */
import { createServerFn } from '@tanstack/react-start'
import { setResponseHeader } from '@tanstack/react-start/server'
import { cacheControl, FRESHNESS } from '../config/constants'
import * as z from 'zod/mini'
import { locales } from '../paraglide/runtime'
import { pageKeys } from './page-keys'
import { getContent } from './store.server'
import { blogIndex, guideView, pageView, postView } from './views.server'

const localeSchema = z.enum(locales)
// zod/mini: these schemas ship to the browser with the server-function stubs.
const paramSchema = z.string().check(z.maxLength(300))

/** The answer is a pure function of the input, so shared caches may keep it as long as the page. */
const fresh = (ms: number) => setResponseHeader('Cache-Control', cacheControl(ms))

export const fetchBlogIndex = createServerFn({ method: 'GET' })
  .validator(z.object({ locale: localeSchema }))
  .handler(({ data }) => {
    fresh(FRESHNESS.blogIndex)
    return blogIndex(getContent(), data.locale)
  })

export const fetchPost = createServerFn({ method: 'GET' })
  .validator(z.object({ locale: localeSchema, slug: paramSchema }))
  .handler(({ data }) => {
    fresh(FRESHNESS.post)
    return postView(getContent(), data.locale, data.slug)
  })

export const fetchCountryGuide = createServerFn({ method: 'GET' })
  .validator(z.object({ locale: localeSchema, country: paramSchema }))
  .handler(({ data }) => {
    fresh(FRESHNESS.country)
    return guideView(getContent(), data.locale, data.country)
  })

export const fetchStaticPage = createServerFn({ method: 'GET' })
  .validator(z.object({ locale: localeSchema, page: z.enum(pageKeys) }))
  .handler(({ data }) => {
    fresh(FRESHNESS.country)
    return pageView(getContent(), data.locale, data.page)
  })
