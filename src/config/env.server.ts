/**
 * The environment, validated: the one place in src/ that reads `process.env` (issue 36). The
 * schema is the production server's (server/config.ts), so `vite dev`, the scripts and the server
 * validate the same variables the same way; a bad value throws one readable message naming it.
 * Parsed again only when one of its variables changes (a benchmark points CONTENT_DIR elsewhere).
 */
import { configKeys, readConfig, type Config } from '../../server/config.ts'

let memo: { values: Array<string | undefined>; config: Config } | null = null

export function env(): Config {
  const values = configKeys.map((key) => process.env[key])
  if (memo && values.every((value, i) => value === memo?.values[i])) return memo.config
  memo = { values, config: readConfig(process.env) }
  return memo.config
}
