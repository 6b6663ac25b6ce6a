// The readers' time rules in one place (issue 39, decision 029): how long links, sign-ups, messages
// and mail records live, how mail is retried, and how much a client may send.
const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** How long a confirmation link works, and how long before a new sign-up sends another. */
export const CONFIRM_TTL_MS = 48 * HOUR
/** Preference links are in every mail, so this only ends links of readers who get no more mail. */
export const PREFERENCES_TTL_MS = 400 * DAY
/** Sign-ups never confirmed are deleted after this (issue 39). */
export const UNCONFIRMED_TTL_MS = 7 * DAY
/** Contact and partner messages are deleted after twelve months (issue 39, the privacy page). */
export const MESSAGE_TTL_MS = 365 * DAY
/** Sent and failed mails stay in the send log this long; their addresses go with them. */
export const FINISHED_JOB_TTL_MS = 90 * DAY

/** Waits after the 1st, 2nd, ... failed attempt; after the last, the job fails. */
export const RETRY_DELAYS_MS = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 12 * HOUR] as const
/** A worker's hold on a job: longer than any one SMTP exchange (see the mailer's timeouts). */
export const JOB_LEASE_MS = 10 * MINUTE

/** How long a form challenge may be solved and used, once. */
export const CHALLENGE_TTL_MS = 10 * MINUTE
/** Per client address (an IPv6 client: its /64) and window; `messageFromSender` per e-mail address given. */
export const FORM_LIMITS = {
  signUp: { max: 5, windowMs: 10 * MINUTE },
  message: { max: 10, windowMs: 10 * MINUTE },
  /** A message sent without the form's proof of work (no JavaScript, or a robot): fewer. */
  messageWithoutProof: { max: 3, windowMs: 10 * MINUTE },
  /** Messages giving one sender's address (each is acknowledged there): no one's inbox is flooded from many connections. */
  messageFromSender: { max: 5, windowMs: DAY },
} as const
