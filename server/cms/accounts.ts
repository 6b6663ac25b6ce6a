// Editorial accounts: a JSON file outside the content (CMS_USERS_FILE), written by
// `npm run cms:user` and read by the server at each request that needs it (so a disabled account
// or a reset password takes effect at once). No outside service (decision 019).
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { z } from 'zod'
import { locales, type Locale } from '../../src/paraglide/runtime.js'

const localeSchema = z.string().refine((l): l is Locale => (locales as readonly string[]).includes(l), {
  message: `a language must be one of ${locales.join(', ')}`,
})

export const accountName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{1,39}$/, 'an account name is 2 to 40 lower-case letters, digits, . _ or -, starting with a letter or digit')

const account = z.object({
  name: accountName,
  displayName: z.string().trim().min(1).max(100),
  email: z.email(),
  role: z.enum(['editor', 'translator']),
  /** A translator's languages; an editor has them all. */
  languages: z.array(localeSchema).default([]),
  hash: z.string().startsWith('scrypt$'),
  disabled: z.boolean().default(false),
  /** Changes when the password is reset or the account disabled: sessions issued before end. */
  stamp: z.string().min(8),
})
export type Account = z.infer<typeof account>

const file = z.object({ accounts: z.array(account) })

export const newStamp = () => randomBytes(12).toString('base64url')

export function readAccounts(path: string): Account[] {
  if (!existsSync(path)) return []
  const parsed = file.safeParse(JSON.parse(readFileSync(path, 'utf8')))
  if (!parsed.success) throw new Error(`${path}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  return parsed.data.accounts
}

/** Written to a temporary file and renamed, so a server never reads half a file; readable by its owner only. */
export function writeAccounts(path: string, accounts: Account[]) {
  const temporary = `${path}.${process.pid}.tmp`
  writeFileSync(temporary, `${JSON.stringify({ accounts }, null, 2)}\n`, { mode: 0o600 })
  renameSync(temporary, path)
}

/** The accounts, read again only when the file has changed. */
export function accountsReader(path: string): () => Account[] {
  let cached: { version: string; accounts: Account[] } | null = null
  return () => {
    const version = existsSync(path) ? `${statSync(path).mtimeMs}:${statSync(path).size}` : 'none'
    if (cached?.version !== version) cached = { version, accounts: readAccounts(path) }
    return cached.accounts
  }
}
