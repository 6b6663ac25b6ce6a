// Each save is a commit authored by its editor when the content lives in a Git repository
// (issue 26); the history is also how a translator sees what changed in English since their version.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'

type Git = { root: string; run(args: string[]): Promise<string> }

function git(cwd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      'git',
      // The committer where the machine names none (GIT_COMMITTER_NAME and _EMAIL, read by git itself, win).
      ['-c', 'user.name=Estate Atlas editorial', '-c', 'user.email=editorial@localhost', ...args],
      { cwd, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => (error ? reject(new Error(`git ${args[0]}: ${stderr || error.message}`)) : resolve(stdout)),
    ),
  )
}

/** The repository holding `contentDir`, or null when there is none (or no git command). */
export async function openRepository(contentDir: string): Promise<Git | null> {
  if (!existsSync(contentDir)) return null
  try {
    const root = (await git(contentDir, ['rev-parse', '--show-toplevel'])).trim()
    return { root, run: (args) => git(root, args) }
  } catch {
    return null
  }
}

/** Commits the files of one save (added, changed or deleted; paths relative to the root) with the editor as author. */
export async function commitFiles(repo: Git, files: string[], author: { name: string; email: string }, message: string) {
  await repo.run(['add', '--all', '--', ...files])
  const staged = await repo.run(['diff', '--cached', '--name-only', '--', ...files])
  if (!staged.trim()) return null
  await repo.run(['commit', '--quiet', '--no-verify', `--author=${author.name} <${author.email}>`, '-m', message, '--', ...files])
  return (await repo.run(['rev-parse', 'HEAD'])).trim()
}

/**
 * What changed in `source` (the English file) since `translation` was last committed: a unified
 * diff, empty when nothing did, null when the translation has no history to compare with.
 */
export async function changesSince(repo: Git, source: string, translation: string): Promise<string | null> {
  const last = (await repo.run(['log', '-1', '--format=%H', '--', translation])).trim()
  if (!last) return null
  return repo.run(['diff', '--no-color', '--unified=1', last, '--', source])
}
