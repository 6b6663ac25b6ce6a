// `npm run cms:user -- <command>`: the editorial interface's accounts (CMS_USERS_FILE), no outside service.
//   add <name> --role editor|translator [--languages el,bg] --display "Name" --email a@b   (asks for a password, or reads CMS_PASSWORD)
//   reset <name>        a new password; the account's sessions end
//   disable <name>      the account can no longer sign in; its sessions end
//   enable <name>
//   list
import { createInterface } from 'node:readline/promises'
import { parseArgs } from 'node:util'
import { accountName, newStamp, readAccounts, writeAccounts, type Account } from '../server/cms/accounts'
import { hashPassword, passwordProblem } from '../server/cms/passwords'
import { isLocale, type Locale } from '../src/paraglide/runtime'

const usage =
  'usage: npm run cms:user -- add <name> --role editor|translator [--languages el,bg] --display "Full Name" --email you@example.com | reset <name> | disable <name> | enable <name> | list'

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

/** Reads a password from the terminal without showing it (or a line from a pipe). */
async function ask(prompt: string): Promise<string> {
  process.stderr.write(prompt)
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin })
    const line = await lines[Symbol.asyncIterator]().next()
    lines.close()
    return typeof line.value === 'string' ? line.value : ''
  }
  process.stdin.setRawMode(true)
  let typed = ''
  for await (const chunk of process.stdin) {
    for (const char of String(chunk)) {
      if (char === '\u0003') process.exit(130)
      if (char === '\r' || char === '\n') {
        process.stdin.setRawMode(false)
        process.stdin.pause()
        process.stderr.write('\n')
        return typed
      }
      typed = char === '\u007f' ? typed.slice(0, -1) : typed + char
    }
  }
  return typed
}

async function password(): Promise<string> {
  const given = process.env.CMS_PASSWORD || (await ask('Password (12 characters or more, not shown): '))
  const problem = passwordProblem(given)
  if (problem) fail(`Not saved: ${problem}.`)
  return given
}

const file = process.env.CMS_USERS_FILE
if (!file) fail('Set CMS_USERS_FILE to the accounts file (outside the content directory).')
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { role: { type: 'string' }, languages: { type: 'string' }, display: { type: 'string' }, email: { type: 'string' } },
})
const [command, name] = positionals
const accounts = readAccounts(file)
const find = () => accounts.find((a) => a.name === name) ?? fail(`There is no account "${name}".`)

if (command === 'list') {
  for (const a of accounts)
    console.log(
      `${a.name}\t${a.role}\t${a.role === 'translator' ? a.languages.join(',') : 'all languages'}\t${a.disabled ? 'disabled' : 'active'}\t${a.displayName} <${a.email}>`,
    )
} else if (command === 'add') {
  const parsedName = accountName.safeParse(name)
  if (!parsedName.success) fail(`${parsedName.error.issues[0].message}\n${usage}`)
  if (accounts.some((a) => a.name === name)) fail(`The account "${name}" exists already; use reset to change its password.`)
  const role = values.role === 'editor' || values.role === 'translator' ? values.role : fail(`--role must be editor or translator\n${usage}`)
  const languages = (values.languages ?? '').split(',').filter(Boolean)
  const unknown = languages.filter((l) => !isLocale(l))
  if (unknown.length) fail(`Unknown language: ${unknown.join(', ')}`)
  if (role === 'translator' && !languages.length) fail('A translator needs --languages, such as --languages el,bg')
  if (!values.display || !values.email) fail(`--display and --email name the author of each save\n${usage}`)
  const account: Account = {
    name: parsedName.data,
    displayName: values.display,
    email: values.email,
    role,
    languages: role === 'translator' ? (languages as Locale[]) : [],
    hash: await hashPassword(await password()),
    disabled: false,
    stamp: newStamp(),
  }
  writeAccounts(file, [...accounts, account])
  console.log(`Added ${role} ${name}.`)
} else if (command === 'reset') {
  const account = find()
  Object.assign(account, { hash: await hashPassword(await password()), stamp: newStamp() })
  writeAccounts(file, accounts)
  console.log(`New password for ${name}; its sessions have ended.`)
} else if (command === 'disable' || command === 'enable') {
  Object.assign(find(), { disabled: command === 'disable', stamp: newStamp() })
  writeAccounts(file, accounts)
  console.log(`${name} is ${command}d.`)
} else fail(usage)
