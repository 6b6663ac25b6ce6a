/**
 * What we change in Paraglide's compiled output (see README.md in this folder), as pure string work
 * on the files the compiler writes; scripts/paraglide.ts applies it after each compile. Each
 * function throws when the output no longer has the shape it expects, so an upgrade fails loudly.
 */

/** The functions of the compiled registry.js (plural, number, …) that `code` calls, as an object's methods. */
function registryFor(code: string, registrySource: string): string {
  const names = [...new Set([...code.matchAll(/\bregistry\.(\w+)\(/g)].map((match) => match[1]))]
  const functions = names.map((name) => {
    const found = new RegExp(`^export function ${name}\\(([^)]*)\\) \\{([\\s\\S]*?)^\\};?$`, 'm').exec(registrySource)
    if (!found) throw new Error(`Expected function ${name} in Paraglide's registry.js`)
    return `${name}(${found[1]}) {${found[2].trim()}}`
  })
  return functions.length ? `const registry = { ${functions.join(', ')} }; ` : ''
}

/**
 * Per locale, the inline <script> that gives the browser every message of that locale (decision 006):
 * each page carries its locale's messages, so the script is the same for every request and is built
 * once, from the compiler's server bundles. Messages with variants (plurals) call the compiler's
 * formatting registry, so the script defines the registry functions its messages use.
 */
export function messageScripts(serverSource: string, registrySource: string): Record<string, string> {
  const declaration = /^const compiledBundles = (\{.*\});$/m.exec(serverSource)
  if (!declaration) throw new Error("Expected the compiled message bundles in Paraglide's server.js")
  const bundles: Record<string, Record<string, string>> = JSON.parse(declaration[1])
  const locales = [...new Set(Object.values(bundles).flatMap((b) => Object.keys(b)))]
  return Object.fromEntries(
    locales.map((locale) => {
      const entries = Object.entries(bundles).map(
        ([id, byLocale]) => `${id}: ${(byLocale[locale] ?? byLocale.en).replace(/\/\*\* @type \{[^}]*\} \*\/\s*/g, '')}`,
      )
      const messages = entries.join(',')
      const body = `{ ${registryFor(messages, registrySource)}globalThis.__paraglide = globalThis.__paraglide ?? {}; globalThis.__paraglide.ssr = { ${messages} } }`
      // Translated text must not be able to end the script element.
      return [locale, `<script>${body.replace(/<\/(script)/gi, '<\\/$1')}</script>`]
    }),
  )
}
