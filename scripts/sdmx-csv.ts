// The SDMX-CSV answers `npm run data:refresh` reads (BIS, ECB): the whole answer parsed, its header
// and rows, and a column found by its code, or the refusal the caller throws.
import { parse as parseCsv } from 'csv-parse/sync'

/** A CSV cell's code: SDMX-CSV writes `ES` or, with labels, `ES: Spain`; a header `REF_AREA` or `REF_AREA:Reference area`. */
export const code = (cell: string) => cell.split(':')[0].trim()

export function readSdmxCsv(
  csv: string,
  dataflow: string,
  refuse: (message: string) => Error,
): { header: string[]; rows: string[][]; column: (name: string) => number } {
  let records: string[][]
  try {
    records = parseCsv(csv, { bom: true, skip_empty_lines: true }) as string[][]
  } catch (error) {
    throw refuse(`the answer is not complete CSV (${error instanceof Error ? error.message : String(error)})`)
  }
  const [header, ...rows] = records
  if (!header) throw refuse('the answer is empty')
  const column = (name: string) => {
    const at = header.findIndex((h) => code(h) === name)
    if (at === -1) throw refuse(`the answer has no ${name} column: is it SDMX-CSV from ${dataflow}?`)
    return at
  }
  return { header, rows, column }
}
