/**
 * The newsletter's server side for the production server (server/start.ts): built into the
 * server bundle, where its imports of the site's routes, content and messages resolve. Scripts
 * (`npm run digest`) import server/readers directly.
 */
import { openReaders } from '../server/readers/site.ts'
import { parseDigestSchedule } from '../server/readers/schedule.ts'
import { getContent } from './content/store.server'

export const readers = { open: openReaders, parseDigestSchedule, content: getContent }
