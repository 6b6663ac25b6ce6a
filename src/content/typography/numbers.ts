/**
 * Amounts of money and percentages written the way the site's own number formatting writes them
 * (src/i18n/format.ts): where the € goes, the space beside it, the separators, the space before %.
 */
import { formatMoney, formatPercent } from '../../i18n/format'
import { isSpace, sameSpaces, space, type Found, type Locale } from './shared'

type NumberStyle = { group: string; decimal: string; groupsFourDigits: boolean }
type MoneyStyle = NumberStyle & { side: 'before' | 'after'; gap: string }
type PercentStyle = { decimal: string; gap: string }

const moneyStyles = new Map<Locale, MoneyStyle>()
const percentStyles = new Map<Locale, PercentStyle>()

/** Where the € goes, the space beside it and the separators, read off the site's own formatting. */
function moneyStyle(locale: Locale): MoneyStyle {
  let style = moneyStyles.get(locale)
  if (!style) {
    const written = formatMoney(1234567.89, locale)
    const side = written.startsWith('€') ? 'before' : 'after'
    const figure = written.replace('€', '').trim()
    const gap = isSpace(side === 'before' ? written[1] : written[written.length - 2]) ? ' ' : ''
    // Some languages leave a four-digit amount ungrouped (5000 € in Polish), others do not (5.000 € in German).
    const groupsFourDigits = /\d\D\d{3}/.test(formatMoney(1000, locale))
    style = { side, gap, group: sameSpaces(figure[1]), decimal: figure[figure.length - 3], groupsFourDigits }
    moneyStyles.set(locale, style)
  }
  return style
}

/** The decimal separator and the space before % of the site's percentages. */
function percentStyle(locale: Locale): PercentStyle {
  let style = percentStyles.get(locale)
  if (!style) {
    const written = formatPercent(0.015, locale)
    style = { decimal: written[1], gap: isSpace(written[written.length - 2]) ? ' ' : '' }
    percentStyles.set(locale, style)
  }
  return style
}

// ---------------------------------------------------------------- amounts

const figure = `(?:\\d{1,3}(?:[., \\u00a0\\u202f]\\d{3})+|\\d+)(?:[.,]\\d+)?`
// A dash between two figures makes a range; a scale word ("million", "Mio.", "млн") may follow.
const scale =
  '(?:[Mm]il(?:[ljih]\\p{L}*)?|[Mm]io\\.|[Mm]rd\\.|mln\\.?|mld\\.?|bn|billion|[Tt]sd\\.|tys\\.|tis\\.|ezer|εκατ(?:\\.|\\p{L}+)|δισ(?:\\.|\\p{L}+)|млн\\.?|млрд\\.?|мільй\\p{L}*|мільяр\\p{L}*|милио\\p{L}*|милиар\\p{L}*|тис\\.|хил\\.)(?![\\p{L}])'
const amount = `(${figure})(?:(${space}?[–-]${space}?)(${figure}))?(?:(${space})(${scale}))?`
/** An amount right after a sign, and one right before it. */
const amountAfterSign = new RegExp(`^(${space}?)${amount}(?![\\d\\p{L}])`, 'u')
const amountBeforeSign = new RegExp(`(?<![\\d.,\\p{L}])${amount}(${space}?)$`, 'u')

type Amount = { start: number; end: number; from: string; dash?: string; to?: string; scale?: string; gap: string }

function amountAt(line: string, signStart: number, signEnd: number, side: 'before' | 'after'): Amount | null {
  if (side === 'before') {
    const m = amountAfterSign.exec(line.slice(signEnd))
    return m && { start: signStart, end: signEnd + m[0].length, gap: m[1], from: m[2], dash: m[3], to: m[4], scale: m[6] }
  }
  const m = amountBeforeSign.exec(line.slice(0, signStart))
  return m && { start: m.index, end: signEnd, from: m[1], dash: m[2], to: m[3], scale: m[5], gap: m[6] }
}

/**
 * A figure with the locale's separators. Money has no third decimal, so three digits after a
 * separator are a thousands group, except before a scale word, where they would be ambiguous
 * (€1,500 million): such a figure stays as written.
 */
function localFigure(written: string, style: NumberStyle, scaled: boolean) {
  const m = scaled ? /^(\d+)(?:[.,](\d{1,2}))?$/.exec(written) : /^(\d{1,3}(?:[., \u00a0\u202f]\d{3})+|\d+)(?:[.,](\d+))?$/.exec(written)
  if (!m) return written
  const digits = m[1].replace(/\D/g, '')
  const grouped = digits.length >= (style.groupsFourDigits ? 4 : 5) || digits !== m[1] ? digits.replace(/\B(?=(\d{3})+$)/g, style.group) : digits
  return m[2] === undefined ? grouped : `${grouped}${style.decimal}${m[2]}`
}

/** The amount as the locale writes it, keeping its dash and its scale word. */
function localAmount(found: Amount, style: MoneyStyle) {
  const scaled = found.scale !== undefined
  const range = found.to === undefined ? '' : `${found.dash}${localFigure(found.to, style, scaled)}`
  const text = `${localFigure(found.from, style, scaled)}${range}${scaled ? ` ${found.scale}` : ''}`
  return style.side === 'before' ? `€${style.gap}${text}` : `${text}${style.gap}€`
}

export function moneyIssues(line: string, locale: Locale): Found[] {
  const found: Found[] = []
  const style = moneyStyle(locale)
  const other = style.side === 'before' ? 'after' : 'before'
  for (const sign of line.matchAll(/€/g)) {
    const own = amountAt(line, sign.index, sign.index + 1, style.side)
    const at = own ?? amountAt(line, sign.index, sign.index + 1, other)
    if (!at) continue
    const written = line.slice(at.start, at.end)
    const fix = localAmount(at, style)
    if (sameSpaces(written) === sameSpaces(fix)) continue
    const gapWrong = own !== null && (at.gap === '') !== (style.gap === '')
    const where = style.side === 'before' ? 'before the amount' : 'after the amount'
    found.push({
      rule: own === null || gapWrong ? 'money-sign' : 'money-number',
      index: at.start,
      length: written.length,
      message:
        own === null || gapWrong
          ? `the € goes ${where}${style.gap ? ', a space apart' : ', with no space'}: write ${fix}`
          : `write the figure as ${fix}`,
      fix,
    })
  }
  for (const code of line.matchAll(/(?<![\p{L}\d])EUR(?![\p{L}\d])/gu)) {
    const at = amountAt(line, code.index, code.index + 3, style.side) ?? amountAt(line, code.index, code.index + 3, other)
    if (!at) continue
    const fix = localAmount(at, style)
    found.push({ rule: 'money-code', index: at.start, length: at.end - at.start, message: `an amount takes the € sign, not EUR: write ${fix}`, fix })
  }
  return found
}

const percentBefore = /(?<![\d.,])(\d+)(?:[.,](\d+))?([ \u00a0\u202f]?)$/

export function percentIssues(line: string, locale: Locale): Found[] {
  const style = percentStyle(locale)
  const found: Found[] = []
  for (const sign of line.matchAll(/%/g)) {
    const m = percentBefore.exec(line.slice(0, sign.index))
    if (!m) continue
    const fix = `${m[1]}${m[2] === undefined ? '' : `${style.decimal}${m[2]}`}${style.gap}%`
    const written = `${m[0]}%`
    if (sameSpaces(written) === fix) continue
    const problem =
      sameSpaces(m[3]) !== style.gap ? (style.gap ? 'a space goes before %' : 'no space goes before %') : `the decimal separator is ${style.decimal}`
    found.push({ rule: 'percent', index: m.index, length: written.length, message: `${problem}: write ${fix}`, fix })
  }
  return found
}
