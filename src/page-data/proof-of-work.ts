/**
 * The forms' proof of work in the browser (issue 39, decision 029): the server's ALTCHA challenge
 * (`GET /api/readers/challenge`) solved with the browser's own WebCrypto PBKDF2, which runs off the
 * main thread; the answer is what the form sends in its `altcha` field. Loaded only when a reader
 * starts filling in a form, so no page's first script carries it.
 */
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2'

/** The form field's value (base64 JSON of the challenge and its solution), or null when it could not be had. */
export async function proofOfWork(challengeUrl: string): Promise<string | null> {
  const response = await fetch(challengeUrl, { headers: { accept: 'application/json' } })
  if (!response.ok) return null
  const challenge = (await response.json()) as Challenge
  const solution = await solveChallenge({ challenge, deriveKey })
  return solution ? btoa(JSON.stringify({ challenge, solution })) : null
}
