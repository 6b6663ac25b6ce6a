/** The editorial tests' two accounts: an editor, and a translator of Greek. */
import { newStamp, writeAccounts } from './accounts.ts'
import { hashPassword } from './passwords.ts'

export const editor = { name: 'maria', password: 'correct horse battery staple' }
export const translator = { name: 'eleni', password: 'another long passphrase' }

export async function writeTestAccounts(file: string): Promise<void> {
  const base = { disabled: false, stamp: newStamp() }
  writeAccounts(file, [
    {
      ...base,
      name: editor.name,
      displayName: 'Maria Editor',
      email: 'maria@example.com',
      role: 'editor',
      languages: [],
      hash: await hashPassword(editor.password),
    },
    {
      ...base,
      name: translator.name,
      displayName: 'Eleni Translator',
      email: 'eleni@example.com',
      role: 'translator',
      languages: ['el'],
      hash: await hashPassword(translator.password),
    },
  ])
}
