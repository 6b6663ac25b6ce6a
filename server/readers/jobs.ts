/**
 * Durable mail (issue 39, decision 029): every mail is a row in `mail_jobs` with an idempotency
 * key, sent by workers that claim due jobs with a lease, retry with back-off, and never send a
 * job marked sent again. The same code runs on SQLite and on PostgreSQL, where several nodes
 * share the table safely (FOR UPDATE SKIP LOCKED; pg-boss was weighed and why not is in 029).
 *
 * What stays possible: a worker that dies after the SMTP server took a mail and before the job is
 * marked sent leaves it to be sent again when its lease ends. The window is one SMTP reply long,
 * and the repeat carries the same Message-ID, by which mail systems can drop it.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { describeSendError, maskAddresses, MailError, type Mailer, type OutgoingMail } from './mailer.ts'
import { JOB_LEASE_MS, RETRY_DELAYS_MS } from './policy.ts'
import type { JobOutcome, ReaderStore } from './store.ts'
import type { ClaimedJob, NewMailJob, Subscriber } from './types.ts'

/** A mail as the caller draws it for a job (with React Email or anything else). */
export type RenderedMail = Pick<OutgoingMail, 'subject' | 'html' | 'text' | 'unsubscribe' | 'locale'>

/**
 * Draws the mail for a job at the moment it is sent, from its payload and the subscriber as they
 * are now (null for jobs without one): links are signed with their current token version.
 */
export type RenderMail = (job: ClaimedJob, subscriber: Subscriber | null) => Promise<RenderedMail>

export type MailQueueOptions = {
  store: ReaderStore
  mailer: Mailer
  render: RenderMail
  now?: () => number
  leaseMs?: number
  retryDelaysMs?: readonly number[]
  /** One record per finished job: ids, kinds and outcomes, never an address. */
  log?: (record: Record<string, unknown>) => void
}

type RunReport = { sent: number; retried: number; failed: number; bounced: number; cancelled: number; lost: number }

export type MailQueue = {
  /** Queues a mail; the same key a second time is a no-op (whatever became of the first). */
  enqueue(job: NewMailJob): Promise<{ id: string; created: boolean }>
  /**
   * Sends up to `limit` due jobs, one claim at a time, so each lease covers one SMTP exchange.
   * `ignoreBackoff` also takes queued jobs still waiting out a back-off (`npm run digest` after
   * an outage); it never takes one another worker holds.
   */
  runDueJobs(options: { limit: number; ignoreBackoff?: boolean }): Promise<RunReport>
  /** Runs due jobs every `intervalMs` (never two runs at once) until the returned stop is called. */
  poll(intervalMs: number, limit?: number): () => Promise<void>
}

/** The idempotency key of one reader's digest for one period (schedule.ts `digestPeriod`). */
export function digestKey(subscriberId: string, period: string): string {
  return `digest:${subscriberId}:${period}`
}

/** Why a job must not be sent any more, or null: decided on the subscriber as they are now. */
function cancelReason(job: ClaimedJob, subscriber: Subscriber | null): string | null {
  if (!job.subscriberId) return null
  if (!subscriber) return 'cancelled: subscriber erased'
  if (job.kind === 'confirm') {
    if (subscriber.status !== 'pending') return `cancelled: subscriber ${subscriber.status}`
    if (job.payload.tokenVersion !== subscriber.tokenVersion) return 'cancelled: a newer confirmation exists'
    return null
  }
  return subscriber.status === 'confirmed' ? null : `cancelled: subscriber ${subscriber.status}`
}

export function createMailQueue(options: MailQueueOptions): MailQueue {
  const { store, mailer, render, now = Date.now, leaseMs = JOB_LEASE_MS, retryDelaysMs = RETRY_DELAYS_MS } = options
  const log = options.log ?? (() => {})

  const retryOrFail = (job: ClaimedJob, error: string): JobOutcome => {
    const delay = retryDelaysMs[job.attempts - 1]
    return delay === undefined ? { status: 'failed', error } : { status: 'retry', at: now() + delay, error }
  }

  const attempt = async (job: ClaimedJob, subscriber: Subscriber | null): Promise<JobOutcome> => {
    let mail: RenderedMail
    try {
      mail = await render(job, subscriber)
    } catch (error) {
      return retryOrFail(job, maskAddresses(`render: ${error instanceof Error ? error.message : String(error)}`, job.recipient))
    }
    try {
      await mailer.send({ ...mail, to: job.recipient, key: job.key })
      return { status: 'sent' }
    } catch (error) {
      const failure = error instanceof MailError ? error : describeSendError(error, job.recipient)
      if (failure.permanent) return { status: 'failed', error: failure.message, bounce: true }
      return retryOrFail(job, failure.message)
    }
  }

  const process = async (job: ClaimedJob): Promise<keyof RunReport> => {
    const subscriber = job.subscriberId ? await store.findSubscriber(job.subscriberId) : null
    const cancelled = cancelReason(job, subscriber)
    const outcome: JobOutcome = cancelled ? { status: 'failed', error: cancelled } : await attempt(job, subscriber)
    const kept = await store.finishJob(job, outcome)
    const result: keyof RunReport = !kept
      ? 'lost'
      : cancelled
        ? 'cancelled'
        : outcome.status === 'sent'
          ? 'sent'
          : outcome.status === 'retry'
            ? 'retried'
            : outcome.bounce
              ? 'bounced'
              : 'failed'
    log({
      event: 'reader_mail',
      job: job.id,
      kind: job.kind,
      attempt: job.attempts,
      result,
      ...(outcome.status === 'sent' ? {} : { error: outcome.error }),
    })
    return result
  }

  const runDueJobs: MailQueue['runDueJobs'] = async ({ limit, ignoreBackoff = false }) => {
    const report: RunReport = { sent: 0, retried: 0, failed: 0, bounced: 0, cancelled: 0, lost: 0 }
    // One try per job and run: a job put back for a retry (SMTP down) is not taken again at once,
    // which with ignoreBackoff would spend all its tries in one run.
    const tried: string[] = []
    for (let done = 0; done < limit; done++) {
      const [job] = await store.claimDueJobs({ limit: 1, leaseMs, ignoreBackoff, exclude: tried })
      if (!job) break
      tried.push(job.id)
      report[await process(job)] += 1
    }
    return report
  }

  const poll: MailQueue['poll'] = (intervalMs, limit = 100) => {
    const stop = new AbortController()
    const loop = (async () => {
      while (!stop.signal.aborted) {
        try {
          await runDueJobs({ limit })
        } catch (error) {
          log({ event: 'reader_mail_error', error: maskAddresses(error instanceof Error ? error.message : String(error)) })
        }
        await sleep(intervalMs, undefined, { signal: stop.signal, ref: false }).catch(() => {})
      }
    })()
    return async () => {
      stop.abort()
      await loop
    }
  }

  return { enqueue: (job) => store.enqueue(job), runDueJobs, poll }
}
