// `npm run digest`: queues each confirmed reader's digest (what is new for their countries since
// their last mail, in their language) and sends what is due now through SMTP_URL; prints counts,
// never addresses. Safe to run again: a reader gets one digest per period (issue 39).
import { getContent } from '../src/content/store.server'
import { env } from '../src/config/env.server'
import { runDigests } from '../server/readers/digest'
import { parseDigestSchedule } from '../server/readers/schedule'
import { openReaders } from '../server/readers/site'

const config = env()
const readers = await openReaders(config, { siteUrl: config.SITE_URL })
try {
  const { queued, nothingNew } = await runDigests(readers, {
    content: getContent(),
    siteUrl: config.SITE_URL,
    schedule: parseDigestSchedule(config.DIGEST_SCHEDULE, config.DIGEST_TIMEZONE),
    now: Date.now(),
  })
  console.log(`Digests queued: ${queued}; readers with nothing new: ${nothingNew}.`)
  if (!readers.sending) console.log('SMTP_URL is not set: the mails wait in the queue until a server with SMTP_URL sends them.')
  else {
    const report = await readers.queue.runDueJobs({ limit: 10_000, ignoreBackoff: true })
    console.log(`Sent ${report.sent}; to retry ${report.retried}; failed ${report.failed}; bounced ${report.bounced}.`)
    process.exitCode = report.retried > 0 ? 1 : 0
  }
} finally {
  await readers.close()
}
