/**
 * What we change in Paraglide's compiled output (see README.md in this folder), as pure string work
 * on the files the compiler writes; scripts/paraglide.ts applies it after each compile. Each
 * function throws when the output no longer has the shape it expects, so an upgrade fails loudly.
 */

/** One function of the compiled registry.js (plural, number, …), as the source of an object's method. */
function registryFor(name: string, registrySource: string): string {
  const found = new RegExp(`^export function ${name}\\(([^)]*)\\) \\{([\\s\\S]*?)^\\};?$`, 'm').exec(registrySource)
  if (!found) throw new Error(`Expected function ${name} in Paraglide's registry.js`)
  return `${name}(${found[1]}) {${found[2].trim()}}`
}

/** The compiled messages, per locale: each message's function source by id (English where a locale has none). */
export type MessageSources = Record<string, Record<string, string>>

/**
 * A message without variants, as the compiler writes it (`(i) => { return (`text ${i?.x}`) }`), in
 * fewer bytes: without inputs, its text as a string literal; with inputs, an arrow returning the text.
 */
export function compactMessage(code: string): string {
  const single = /^\((\w*)\) => \{\s*return \((`(?:[^`\\]|\\.)*`)\)\s*\};?$/.exec(code.trim())
  if (!single) return code
  const [, input, text] = single
  // No input: the text itself, unless it interpolates; with one, an arrow that returns the text.
  if (!input && !text.includes('${')) return text
  return `(${input}) => ${text}`
}

/** Each locale's message functions, read from the compiler's server bundles. */
export function messageSources(serverSource: string): MessageSources {
  const declaration = /^const compiledBundles = (\{.*\});$/m.exec(serverSource)
  if (!declaration) throw new Error("Expected the compiled message bundles in Paraglide's server.js")
  const bundles: Record<string, Record<string, string>> = JSON.parse(declaration[1])
  const locales = [...new Set(Object.values(bundles).flatMap((b) => Object.keys(b)))]
  return Object.fromEntries(
    locales.map((locale) => [
      locale,
      Object.fromEntries(
        Object.entries(bundles).map(([id, byLocale]) => [
          id,
          compactMessage((byLocale[locale] ?? byLocale.en).replace(/\/\*\* @type \{[^}]*\} \*\/\s*/g, '')),
        ]),
      ),
    ]),
  )
}

/** The registry functions the given message sources call, each as the source of an object's method. */
export function registryMethods(registrySource: string, sources: readonly string[]): Record<string, string> {
  const names = [...new Set(sources.flatMap((code) => [...code.matchAll(/\bregistry\.(\w+)\(/g)].map((match) => match[1])))]
  return Object.fromEntries(names.map((name) => [name, registryFor(name, registrySource)]))
}

/** Of the registry's functions (name to method source), those the given message sources call. */
export function registryUsed(registry: Record<string, string>, sources: readonly string[]): Record<string, string> {
  const names = new Set(sources.flatMap((code) => [...code.matchAll(/\bregistry\.(\w+)\(/g)].map((match) => match[1])))
  return Object.fromEntries(Object.entries(registry).filter(([name]) => names.has(name)))
}

/** Translated text must not be able to end the script element. */
const scriptSafe = (code: string) => code.replace(/<\/(script)/gi, '<\\/$1')

/**
 * The page's messages for the browser (decision 006, issue 27): the messages its render called, in
 * an inline script that also defines `__paraglide.t`, through which the browser build calls a
 * message (src/framework/client-bundle.ts). A message the page did not carry asks for the locale's
 * module (`__paraglide.miss`, set by src/i18n/messages-loader.ts) and reads as empty meanwhile.
 */
export function inlineMessages(messages: Record<string, string>, registry: Record<string, string>): string {
  const methods = Object.values(registry)
  const body =
    (methods.length ? `const registry = { ${methods.join(', ')} }; ` : '') +
    'const p = globalThis.__paraglide = globalThis.__paraglide ?? {}; ' +
    `p.ssr = { ${Object.entries(messages)
      .map(([id, code]) => `${id}: ${code}`)
      .join(',')} }; ` +
    'p.t = function (id, inputs) { var f = p.ssr[id]; if (typeof f === "function") return f(inputs); if (f !== undefined) return f; if (p.miss) p.miss(id); return "" }'
  return `<script>{ ${scriptSafe(body)} }</script>`
}

/** A locale's every message as an ES module for the browser, loaded when a page needs more than it carried. */
export function localeModule(messages: Record<string, string>, registry: Record<string, string>): string {
  const methods = Object.values(registry)
  return (
    '/* eslint-disable */\n' +
    (methods.length ? `const registry = { ${methods.join(', ')} };\n` : '') +
    `export const messages = { ${Object.entries(messages)
      .map(([id, code]) => `${id}: ${code}`)
      .join(',\n')} };\n`
  )
}

/**
 * The compiled registry builds an `Intl.PluralRules` on every plural message call: on the server,
 * each card's reading time (1.7% of an uncached render's CPU, issue 27). This keeps one per locale
 * and options. Applied to registry.js after the browser's message sources are read from it.
 */
export function withCachedPluralRules(registrySource: string): string {
  const original = 'export function plural(locale, input, options) { \n\treturn new Intl.PluralRules(locale, options).select(Number(input))\n};'
  if (!registrySource.includes(original)) throw new Error("Paraglide's registry.js no longer has the plural function scripts/paraglide.ts expects")
  return registrySource.replace(
    original,
    [
      'const pluralRules = new Map();',
      'export function plural(locale, input, options) {',
      '\tconst key = options ? locale + JSON.stringify(options) : locale;',
      '\tlet rules = pluralRules.get(key);',
      '\tif (!rules) pluralRules.set(key, (rules = new Intl.PluralRules(locale, options)));',
      '\treturn rules.select(Number(input))',
      '};',
    ].join('\n'),
  )
}
